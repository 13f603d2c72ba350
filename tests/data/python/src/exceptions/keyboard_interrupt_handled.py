import sys
def main():
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt:
        print("interrupted, cleaning up", file=sys.stderr)
        return 130
sys.exit(main())
