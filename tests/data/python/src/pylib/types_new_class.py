import types

def body(ns):
    ns["greet"] = lambda self: f"hello from {type(self).__name__}"
    ns["level"] = 3

Dyn = types.new_class("Dyn", (), {}, body)
print(Dyn.__name__, Dyn().greet(), Dyn.level)

class Base:
    def who(self):
        return "base"

Child = types.new_class("Child", (Base,), exec_body=lambda ns: ns.update(x=1))
print(Child().who(), Child.x, Child.__mro__[1].__name__)
meta, ns, kw = types.prepare_class("P", (Base,))
print(meta, ns, kw)
print(types.resolve_bases((Base, int)))
