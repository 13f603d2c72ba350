import json

with open("settings.json") as f:
    settings = json.load(f)

print("keys:", sorted(settings))
for name, server in settings["servers"].items():
    print(f"{name}: {server['host']}:{server['port']} enabled={server.get('enabled', True)}")
print("retries:", settings.get("retries", 3))
