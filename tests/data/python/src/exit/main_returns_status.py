import sys

def main(argv):
    if len(argv) < 2:
        print(f"usage: {argv[0]} NAME", file=sys.stderr)
        return 2
    print("hello", argv[1])
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
