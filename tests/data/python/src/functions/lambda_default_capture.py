actions = []
for name in ["start", "stop"]:
    actions.append(lambda prefix="cmd": f"{prefix}:{name}")
print([a() for a in actions])
actions = [lambda prefix="cmd", name=name: f"{prefix}:{name}" for name in ["start", "stop"]]
print([a() for a in actions], actions[0]("sys"))
