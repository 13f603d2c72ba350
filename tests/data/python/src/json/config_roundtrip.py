import json

config = {
    "name": "agent",
    "version": 3,
    "debug": False,
    "threshold": 0.75,
    "tags": ["alpha", "beta"],
    "limits": {"cpu": 2, "memory": None},
}
with open("config.json", "w") as f:
    json.dump(config, f, indent=2)
with open("config.json") as f:
    text = f.read()
print(text)
with open("config.json") as f:
    loaded = json.load(f)
print(loaded == config)
print(loaded["limits"], type(loaded["threshold"]).__name__)
