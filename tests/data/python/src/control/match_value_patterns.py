class Color:
    RED = "red"
    GREEN = "green"
    BLUE = "blue"

def mood(c):
    match c:
        case Color.RED:
            return "angry"
        case Color.GREEN:
            return "calm"
        case Color.BLUE:
            return "sad"
    return "neutral"

print([mood(c) for c in ["red", "green", "blue", "pink"]])
point = (1, 2)
match point:
    case (0, 0):
        print("origin")
    case (x, 0) | (0, x):
        print("axis", x)
    case (x, y):
        print("free point", x, y)
