import json

class User:
    def __init__(self, name, age):
        self.name, self.age = name, age
    def __repr__(self):
        return f"User({self.name!r}, {self.age})"

def as_user(d):
    if "name" in d and "age" in d:
        return User(d["name"], d["age"])
    return d

text = '{"users": [{"name": "ann", "age": 31}, {"name": "bo", "age": 4}], "count": 2}'
print(json.loads(text, object_hook=as_user))
print(json.loads(text, object_pairs_hook=lambda pairs: [k for k, v in pairs]))
print(json.loads('{"b": 1, "a": 2, "b": 3}', object_pairs_hook=list))
print(json.loads('{"b": 1, "a": 2, "b": 3}'))
