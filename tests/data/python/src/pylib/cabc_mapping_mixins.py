from collections.abc import Mapping, MutableMapping

class EnvConfig(Mapping):
    def __init__(self, pairs):
        self._data = dict(pairs)
    def __getitem__(self, key):
        return self._data[key.upper()]
    def __iter__(self):
        return iter(self._data)
    def __len__(self):
        return len(self._data)

cfg = EnvConfig({"HOME": "/root", "SHELL": "/bin/sh"})
print(cfg["home"], cfg.get("path"), cfg.get("path", "-"), "shell" in cfg, "PATH" in cfg)
print(list(cfg.keys()), list(cfg.values()), list(cfg.items()), len(cfg))
print(cfg == {"HOME": "/root", "SHELL": "/bin/sh"}, cfg == {"HOME": 1}, dict(cfg))
print(type(cfg.keys()).__name__, cfg.keys() & {"HOME", "X"}, ("HOME", "/root") in cfg.items())

class LowerDict(MutableMapping):
    def __init__(self, *args, **kw):
        self._d = {}
        self.update(*args, **kw)
    def __getitem__(self, k): return self._d[k.lower()]
    def __setitem__(self, k, v): self._d[k.lower()] = v
    def __delitem__(self, k): del self._d[k.lower()]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
    def __repr__(self): return f"LowerDict({self._d})"

d = LowerDict({"A": 1}, B=2)
d.setdefault("C", 3)
print(d, d.pop("a"), d.pop("zz", None), d.popitem(), d)
d.update([("X", 9)])
d.clear()
print(d, isinstance(d, dict))
try:
    d.pop("nope")
except KeyError as e:
    print("KeyError:", e)
