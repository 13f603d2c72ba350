import json

doc = '{"price": 19.99, "qty": 3, "big": 12345678901234567890, "ratio": 1e-3}'
print(json.loads(doc))
print(json.loads(doc, parse_float=str))
print(json.loads(doc, parse_int=float))
print(json.loads(doc, parse_int=lambda s: int(s) * 2, parse_float=lambda s: round(float(s))))
print(json.loads("[NaN, Infinity, -Infinity]"))
print(json.loads("[NaN, Infinity]", parse_constant=lambda name: f"<{name}>"))
