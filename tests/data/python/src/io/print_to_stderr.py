import sys
print("to stdout")
print("to stderr", file=sys.stderr)
sys.stdout.write("write returns nothing printed\n")
n = sys.stderr.write("err write\n")
print("wrote", n, "chars")
print("warning:", "disk", "low", file=sys.stderr, sep="-")
sys.stdout.flush()
