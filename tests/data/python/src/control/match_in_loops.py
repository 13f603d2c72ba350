def first_negative(rows):
    for row in rows:
        match row:
            case [int(n), *_] if n < 0:
                return n
            case []:
                continue
            case ["stop", *_]:
                break
            case _:
                pass
    else:
        return "exhausted"
    return "stopped"

print(first_negative([[1], [], [-5, 2]]))
print(first_negative([[1], ["stop"], [-5]]))
print(first_negative([[1], [2]]))

def tokens(items):
    for it in items:
        match it:
            case int() | float() as num:
                yield ("num", num)
            case str(s) if s:
                yield ("str", s)
            case _:
                yield ("skip", None)

print(list(tokens([1, 2.5, "a", "", None])))
total = 0
i = 0
while True:
    i += 1
    match i % 3, i:
        case (0, _):
            total += i
        case (_, n) if n > 10:
            break
print(total)
