from dataclasses import dataclass, field, KW_ONLY


@dataclass
class Request:
    url: str
    _: KW_ONLY
    method: str = "GET"
    timeout: float = 10.0
    retries: int


r = Request("http://x", retries=3)
print(r)
print(Request("http://y", method="POST", retries=0, timeout=1.5))
print(Request.__match_args__)
try:
    Request("http://z", "PUT", retries=1)
except TypeError as e:
    print(e)


@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int


print(Opts(level=2))
try:
    Opts(True, 2)
except TypeError as e:
    print(e)
