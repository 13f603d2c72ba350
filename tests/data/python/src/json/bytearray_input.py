import json

buf = bytearray(b'{"count": 2, "items": [true, null]}')
data = json.loads(buf)
print(data["count"], data["items"])
buf.extend(b" ")
print(json.loads(buf) == data)
