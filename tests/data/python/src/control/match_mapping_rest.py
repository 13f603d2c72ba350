configs = [
    {"version": 1, "name": "a"},
    {"version": 2, "name": "b", "features": ["x"], "debug": True},
    {"name": "c"},
]
for cfg in configs:
    match cfg:
        case {"version": 1, **rest}:
            print("v1", rest)
        case {"version": 2, "features": [*feats], **rest}:
            print("v2 features", feats, "rest", rest)
        case {"name": name}:
            print("unversioned", name)
