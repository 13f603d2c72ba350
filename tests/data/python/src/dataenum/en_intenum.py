from enum import IntEnum


class HTTPStatus(IntEnum):
    OK = 200
    NOT_FOUND = 404
    SERVER_ERROR = 500


print(HTTPStatus.OK, repr(HTTPStatus.OK), str(HTTPStatus.NOT_FOUND))
print(f"code={HTTPStatus.NOT_FOUND}", f"{HTTPStatus.OK:05d}")
print(HTTPStatus.OK == 200, HTTPStatus.OK + 1, HTTPStatus.OK < HTTPStatus.NOT_FOUND)
print(HTTPStatus(404), sorted([HTTPStatus.SERVER_ERROR, HTTPStatus.OK]))
print(isinstance(HTTPStatus.OK, int), int(HTTPStatus.SERVER_ERROR))
codes = {200: "fine", 404: "missing"}
print(codes[HTTPStatus.OK], [s for s in HTTPStatus if s >= 400])
try:
    HTTPStatus(301)
except ValueError as e:
    print("ValueError:", e)
