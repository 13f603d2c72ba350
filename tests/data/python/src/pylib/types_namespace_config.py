from types import SimpleNamespace

config = SimpleNamespace(host="localhost", port=8080, debug=False)
print(config)
config.debug = True
config.workers = 4
print(config.host, config.port, config.debug, config.workers)
print(vars(config))
print(config == SimpleNamespace(host="localhost", port=8080, debug=True, workers=4))
print(config == {"host": "localhost"})
del config.workers
print(config, "workers" in vars(config))

nested = SimpleNamespace(db=SimpleNamespace(user="admin", pool=[1, 2]), name="app")
print(nested)
print(SimpleNamespace({"a": 1}, b=2), SimpleNamespace([("x", 1)]), SimpleNamespace())
print(config.missing)
