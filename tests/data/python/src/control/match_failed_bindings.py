def probe():
    match [1, 2]:
        case [a, 3]:
            pass
        case _:
            pass
    try:
        print("a =", a)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)

probe()

def guard_fails():
    match (5, 6):
        case (x, y) if x > y:
            print("never")
        case _:
            pass
    print("bound by failed guard:", x, y)

guard_fails()

match {"k": 1, "j": 2}:
    case {"k": k, "missing": m}:
        print("no")
    case {"j": j}:
        print("j", j)
try:
    print(k)
except NameError as e:
    print("NameError:", e)
try:
    print(m)
except NameError as e:
    print("NameError:", e)
print("j is", j)

n = "before"
match 10:
    case str() as n:
        pass
print(n)
