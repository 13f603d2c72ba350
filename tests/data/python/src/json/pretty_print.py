import json

data = {"users": [{"id": 1, "name": "Ann", "roles": ["admin"]}, {"id": 2, "name": "Bob", "roles": []}], "total": 2, "meta": {}}
print(json.dumps(data))
print(json.dumps(data, indent=4))
print(json.dumps(data, indent="\t", sort_keys=True))
print(json.dumps(data, separators=(",", ":")))
print(json.dumps([1, [2, [3, []]]], indent=1))
print(json.dumps({"a": 1}, indent=0))
