import copy

defaults = {
    "server": {"host": "0.0.0.0", "ports": [80, 443]},
    "features": ["auth", "cache"],
    "retries": 3,
}

shallow = copy.copy(defaults)
deep = copy.deepcopy(defaults)
shallow["server"]["ports"].append(8080)
deep["features"].append("metrics")
shallow["retries"] = 5
print(defaults)
print(shallow)
print(deep)
print(shallow["server"] is defaults["server"], deep["server"] is defaults["server"])
t = (1, [2, 3])
t2 = copy.deepcopy(t)
t2[1].append(4)
print(t, t2, copy.copy(t) is t, copy.deepcopy((1, "a")) is not None)
