class Keys:
    A = "k"
    B = "k"

def look(m):
    match m:
        case {Keys.A: 1, Keys.B: 2}:
            return "both"
        case _:
            return "neither"

print(look({"k": 1}))
try:
    print(look({"k": 1, "j": 2}))
except ValueError as e:
    print("ValueError:", e)
