import json

a = [1, 2]
a.append(a)
try:
    json.dumps(a)
except ValueError as e:
    print("ValueError:", e, e.__notes__)
d = {"name": "loop"}
d["self"] = d
try:
    json.dumps(d)
except ValueError as e:
    print("ValueError:", e, e.__notes__)
shared = [1]
print(json.dumps([shared, shared, {"again": shared}]))
