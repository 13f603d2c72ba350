def describe(cmd):
    match cmd.split():
        case []:
            return "empty"
        case ["go", direction]:
            return f"going {direction}"
        case ["take", *items] if items:
            return f"taking {', '.join(items)}"
        case ["drop", item, *_]:
            return f"dropping {item}"
        case [single]:
            return f"single word {single!r}"
        case _:
            return "unknown"

for c in ["", "go north", "take sword shield", "take", "drop rock now", "look", "fly to moon"]:
    print(repr(c), "->", describe(c))
