import json

print(json.loads(b'{"a": [1, 2]}'))
print(json.loads('{"e": "\u00e9"}'.encode("utf-8")))
print(json.loads(b'\xef\xbb\xbf{"bom": 1}'))
try:
    json.loads(42)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads("\ufeff[1]")
except json.JSONDecodeError as e:
    print(e)
