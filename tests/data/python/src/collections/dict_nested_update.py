def deep_merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
    return out

base = {"db": {"host": "x", "port": 1}, "debug": False, "tags": ["a"]}
override = {"db": {"port": 5432, "user": "me"}, "debug": True}
merged = deep_merge(base, override)
print(merged)
print(base)
def flatten(d, prefix=""):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from flatten(v, prefix + k + ".")
        else:
            yield prefix + k, v
print(dict(flatten(merged)))
