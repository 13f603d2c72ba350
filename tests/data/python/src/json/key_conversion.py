import json

d = {1: "int", 2.5: "float", True: "bool", None: "none", "s": "str", False: "no"}
print(json.dumps(d))
back = json.loads(json.dumps(d))
print(back)
print(sorted(back))
try:
    json.dumps({(1, 2): "tuple"})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({(1, 2): "tuple", "ok": 1}, skipkeys=True))
print(json.dumps({float("inf"): 1, float("nan"): 2}))
