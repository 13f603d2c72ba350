import json

record = {"zeta": 1, "alpha": {"y": 2, "x": 1}, "mid": [3, {"b": 0, "a": 1}]}
print(json.dumps(record, sort_keys=True))
print(json.dumps(record, sort_keys=True, indent=2))
try:
    json.dumps({"a": 1, 2: "b"}, sort_keys=True)
except TypeError as e:
    print("TypeError:", e)
