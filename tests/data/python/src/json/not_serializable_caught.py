import json

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

for obj in [{1, 2}, b"bytes", Point(1, 2), [1, {"p": Point(0, 0)}], {"k": (1, {2})}]:
    try:
        json.dumps(obj)
    except TypeError as e:
        print("TypeError:", e, getattr(e, "__notes__", None))
