prefs = {"theme": "dark", "font": None}
print(prefs.get("theme"), prefs.get("font"), prefs.get("size"), prefs.get("size", 12))
print("font" in prefs, prefs.get("font", "default"))
print(prefs.setdefault("size", 14), prefs)
print(prefs.pop("font"), prefs)
try:
    prefs.pop("font")
except KeyError as e:
    print("KeyError", e)
print(prefs["size"])
