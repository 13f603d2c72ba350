def http_status(code):
    match code:
        case 200:
            return "OK"
        case 301 | 302:
            return "Redirect"
        case 404:
            return "Not Found"
        case 500 | 502 | 503:
            return "Server Error"
        case _:
            return "Unknown"

for c in [200, 302, 404, 503, 418]:
    print(c, http_status(c))
def kind(v):
    match v:
        case None:
            return "none"
        case True:
            return "true"
        case "yes" | "y":
            return "affirmative"
        case 0:
            return "zero"
    return "fallthrough"
print([kind(v) for v in [None, True, "y", 0, 0.0, False, 1]])
