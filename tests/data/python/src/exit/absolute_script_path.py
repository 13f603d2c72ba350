import sys
print(sys.argv[0], __file__)
