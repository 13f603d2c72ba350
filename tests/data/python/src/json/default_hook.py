import json

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

def encode_extra(o):
    if isinstance(o, set):
        return sorted(o)
    if isinstance(o, Point):
        return {"x": o.x, "y": o.y}
    raise TypeError(f"cannot encode {type(o).__name__}")

data = {"tags": {3, 1, 2}, "origin": Point(0, 0), "path": [Point(1, 2), Point(3, 4)]}
print(json.dumps(data, default=encode_extra))
print(json.dumps(data, default=encode_extra, indent=2))
try:
    json.dumps({"x": object()}, default=encode_extra)
except TypeError as e:
    print(e)
print(json.dumps({"b": b"raw"}, default=repr))
