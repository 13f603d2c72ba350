import sys
def fail(msg, code=1):
    print(f"error: {msg}", file=sys.stderr)
    return code

def run(args):
    if not args:
        return fail("no input given", 2)
    try:
        return sum(int(a) for a in args) % 256
    except ValueError as e:
        return fail(f"bad number ({e})")

print(run([]), run(["1", "2"]), run(["1", "x"]))
