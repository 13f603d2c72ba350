import json

doc = "[" * 50 + "]" * 50
v = json.loads(doc)
depth = 0
while v:
    v = v[0]
    depth += 1
print(depth)
nested = {}
cur = nested
for i in range(30):
    cur["child"] = {}
    cur = cur["child"]
text = json.dumps(nested)
print(len(text), text[:40])
print(json.loads(text) == nested)
