import json

with open("broken.json") as f:
    cfg = json.load(f)
print(cfg)
