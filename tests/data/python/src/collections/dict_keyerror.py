config = {"host": "localhost", "port": 8080}
print(config["host"])
def lookup(cfg, key):
    return cfg[key]
print(lookup(config, "port"))
print(lookup(config, "timeout"))
