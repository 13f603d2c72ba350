from types import MappingProxyType

settings = {"theme": "dark", "lang": "en"}
view = MappingProxyType(settings)
print(view, view["theme"], len(view), list(view), "lang" in view)
settings["lang"] = "fr"
print(view["lang"], view.get("missing", "n/a"), dict(view.items()))
try:
    view["theme"] = "light"
except TypeError as e:
    print("TypeError:", e)
try:
    MappingProxyType([1, 2])
except TypeError as e:
    print("TypeError:", e)
print(view | {"extra": 1}, view.copy() is settings, type(view).__name__)
