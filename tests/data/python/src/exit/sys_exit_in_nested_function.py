import sys
def validate(n):
    if n < 0:
        print("negative, aborting")
        sys.exit(11)
    return n
for v in [3, 1, -2, 5]:
    print("ok", validate(v))
