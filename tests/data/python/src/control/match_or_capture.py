def parse(token):
    match token:
        case "+" | "-" | "*" | "/" as op:
            return ("op", op)
        case "(" | ")":
            return ("paren", token)
        case str() if token.isdigit():
            return ("num", int(token))
        case str() if token.isidentifier():
            return ("name", token)
        case _:
            return ("error", token)

print([parse(t) for t in "( x + 42 ) * y2 - 3 $".split()])
