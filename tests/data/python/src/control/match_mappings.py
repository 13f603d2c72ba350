def handle(event):
    match event:
        case {"type": "click", "pos": (x, y)}:
            return f"click at {x},{y}"
        case {"type": "key", "key": str(k), **rest}:
            return f"key {k} extra={rest}"
        case {"type": t}:
            return f"unhandled {t}"
        case _:
            return "not an event"

events = [
    {"type": "click", "pos": (3, 4)},
    {"type": "key", "key": "q", "mods": ["ctrl"]},
    {"type": "key", "key": 5},
    {"type": "scroll"},
    ["not", "a", "dict"],
]
for e in events:
    print(handle(e))
