class HttpError(Exception):
    def __init__(self, status, reason):
        self.status = status
        self.reason = reason
    def __str__(self):
        return f"HTTP {self.status}: {self.reason}"

try:
    raise HttpError(404, "Not Found")
except HttpError as e:
    print(e, repr(e), e.args)
raise HttpError(500, "Internal Server Error")
