import json

try:
    json.dumps([1], indent=2, bogus=True)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads("[1]", cls=None, strict=False, bogus=1)
except TypeError as e:
    print("TypeError:", e)
print(json.dumps([1, 2], indent=-1))
print(json.dumps({"a": "b"}, indent=" "))
print(json.__all__)
