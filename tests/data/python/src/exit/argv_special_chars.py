import sys
for a in sys.argv[1:]:
    print(repr(a), len(a))
