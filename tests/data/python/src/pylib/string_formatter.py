import string

f = string.Formatter()
print(f.format("{0} + {1} = {2}", 2, 3, 5))
print(f.format("{name:>8}|{value:08.3f}", name="pi", value=3.14159))
print(f.format("{:{width}}|", "x", width=6))
print(f.format("{p.real} {d[key]} {l[1]}", p=3, d={"key": "v"}, l=[1, 2]))
print(f.format("{!r} {!s} {!a}", "q", "q", "é"))
print(list(f.parse("Hi {name}, {{literal}} {0:>5} {x!r}")))
print(f.vformat("{a}-{b}", (), {"a": 1, "b": 2}))

class DefaultFormatter(string.Formatter):
    def get_value(self, key, args, kwargs):
        if isinstance(key, str):
            return kwargs.get(key, f"<{key}?>")
        return super().get_value(key, args, kwargs)

print(DefaultFormatter().format("{user} logged in from {ip}", user="root"))

for bad in ["{0}{}", "{}{0}", "{", "}", "{0!x}", "{:{:{}}}"]:
    try:
        f.format(bad, 1, 2, 3)
    except (ValueError, IndexError) as e:
        print(repr(bad), type(e).__name__, e)
