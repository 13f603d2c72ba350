import sys
def main():
    try:
        return 1 / 0
    except ZeroDivisionError:
        print("math failed, exiting with 3", file=sys.stderr)
        sys.exit(3)
main()
