import sys
args = sys.argv[1:]
flags = [a for a in args if a.startswith("--")]
positional = [a for a in args if not a.startswith("-")]
opts = {}
for f in flags:
    k, _, v = f[2:].partition("=")
    opts[k] = v or True
print("script:", sys.argv[0])
print("flags:", opts)
print("positional:", positional)
if "verbose" in opts:
    print("verbose mode")
