import json

vals = [float("nan"), float("inf"), -float("inf"), 1.0]
print(json.dumps(vals))
print(json.dumps({"x": float("inf")}))
try:
    json.dumps(vals, allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps({"a": [1, {"b": float("-inf")}]}, allow_nan=False)
except ValueError as e:
    print("ValueError:", e, e.__notes__)
print(json.loads("[NaN]")[0] != json.loads("[NaN]")[0])
