import json

class Tag(str):
    pass

class Level(int):
    pass

class Ratio(float):
    pass

class Registry(dict):
    pass

data = Registry()
data["tag"] = Tag("x")
data.update(level=Level(3), ratio=Ratio(0.5), pair=(1, 2), nested=[(3, (4,))])
print(json.dumps(data))
print(json.loads(json.dumps((1, (2, 3)))))
print(json.dumps(True), json.dumps(None), json.dumps("s"), json.dumps(2.0))
