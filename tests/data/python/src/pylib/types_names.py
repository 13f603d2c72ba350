import sys
import types

def f():
    pass

def g():
    yield 1

class K:
    def m(self):
        return "m"

print(types.FunctionType, types.LambdaType is types.FunctionType)
print(isinstance(f, types.FunctionType), isinstance(len, types.BuiltinFunctionType))
print(isinstance(K().m, types.MethodType), isinstance(sys, types.ModuleType))
print(isinstance(g(), types.GeneratorType), types.NoneType, type(None) is types.NoneType)
print(types.EllipsisType, types.NotImplementedType)
bound = types.MethodType(lambda self, x: (type(self).__name__, x), K())
print(bound(5))
mod = types.ModuleType("plugins", "Plugin namespace")
mod.VERSION = 3
print(mod, mod.__name__, mod.__doc__, mod.VERSION)
handlers = {"func": types.FunctionType, "builtin": types.BuiltinFunctionType}
for obj in (f, len, print, lambda: 0, K.m):
    kinds = [k for k, t in handlers.items() if isinstance(obj, t)]
    print(getattr(obj, "__name__", "?"), kinds)
