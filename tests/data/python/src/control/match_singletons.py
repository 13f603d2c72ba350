def which(v):
    match v:
        case True:
            return "True"
        case False:
            return "False"
        case None:
            return "None"
        case 1:
            return "one"
        case 0:
            return "zero"
        case _:
            return "other"

print([which(v) for v in [True, 1, 1.0, False, 0, 0.0, None, "", []]])

def num(v):
    match v:
        case 1:
            return "equals 1"
        case -1:
            return "equals -1"
        case 1.5:
            return "one and a half"
        case "1":
            return "the string"
        case b"1":
            return "the bytes"
    return "nothing"

print([num(v) for v in [True, 1, 1.0, -1, -1.0, 1.5, "1", b"1", 2]])
