import copy
import types

ns = types.SimpleNamespace(a=1, b=[2])
ns.self_ref = ns
print(ns)
try:
    hash(types.SimpleNamespace())
except TypeError as e:
    print("TypeError:", e)
try:
    types.SimpleNamespace({1: "x"})
except TypeError as e:
    print("TypeError:", e)
try:
    types.SimpleNamespace(1, 2)
except TypeError as e:
    print("TypeError:", e)

class Settings(types.SimpleNamespace):
    def describe(self):
        return ", ".join(f"{k}={v}" for k, v in sorted(vars(self).items()))
s = Settings(z=1, a=2)
print(s, s.describe(), isinstance(s, types.SimpleNamespace))
print(copy.replace(types.SimpleNamespace(x=1, y=2), y=3))
d = copy.deepcopy(types.SimpleNamespace(items=[1, 2]))
print(d, type(d).__name__)
