import os

os.environ["APP_MODE"] = "debug"
print(os.environ["APP_MODE"], os.getenv("APP_MODE"), os.environ.get("APP_MODE"))
print(os.getenv("SURELY_NOT_SET_XYZ"), os.getenv("SURELY_NOT_SET_XYZ", "fallback"))
print("APP_MODE" in os.environ, "SURELY_NOT_SET_XYZ" in os.environ)
os.environ.setdefault("APP_PORT", "8080")
os.environ.setdefault("APP_PORT", "9999")
print(os.environ["APP_PORT"])
del os.environ["APP_MODE"]
print(os.environ.get("APP_MODE", "<unset>"))
print(os.environ.pop("APP_PORT"), os.environ.pop("APP_PORT", None))
port = int(os.environ.get("PORT_NUMBER_UNSET", "5000"))
print(port + 1)
os.environ.update({"A_ONE": "1", "A_TWO": "2"})
print(sorted(k for k in os.environ if k.startswith("A_")))
print({k: v for k, v in os.environ.items() if k.startswith("A_")})
