import json

enc = json.JSONEncoder()
print(list(enc.iterencode({"a": [1, 2.5, None], "b": "x"})))
print(list(json.JSONEncoder(indent=2).iterencode([1, {"k": True}, []])))
print("".join(enc.iterencode([{"x": 1}])) == enc.encode([{"x": 1}]))
print(enc.encode("plain"), enc.encode(5), enc.encode(None))
print(json.JSONEncoder(separators=(";", "=")).encode({"a": [1, 2]}))
