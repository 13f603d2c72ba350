class Http:
    class Status:
        OK = 200
        NOT_FOUND = 404
    class Method:
        GET = "GET"
        POST = "POST"

def describe(req):
    match req:
        case (Http.Method.GET, Http.Status.OK):
            return "fetched"
        case (Http.Method.POST, Http.Status.OK):
            return "posted"
        case (method, Http.Status.NOT_FOUND):
            return f"{method} missing"
        case (method, code):
            return f"{method} -> {code}"

for r in [("GET", 200), ("POST", 200), ("PUT", 404), ("GET", 500)]:
    print(describe(r))

Http.Status.OK = 201
print(describe(("GET", 201)), describe(("GET", 200)))
