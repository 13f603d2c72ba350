raw = b"  GET /index.html HTTP/1.1\r\nHost: example.com\r\n\r\n"
line, _, rest = raw.strip().partition(b"\r\n")
method, path, proto = line.split()
print(method, path, proto.split(b"/", 1))
headers = {}
for h in rest.splitlines():
    if not h:
        continue
    k, v = h.split(b":", 1)
    headers[k.lower()] = v.strip()
print(headers)
print(raw.count(b"\r\n"), raw.find(b"Host"), raw.rfind(b"\r\n"), raw.find(72), raw.index(b"GET"))
print(b", ".join([b"a", b"b", b"c"]), b"".join([]))
print(b"hello".upper(), b"HeLLo".swapcase(), b"hello world".title(), b"hELLO".capitalize())
print(b"abc".startswith(b"ab"), b"abc".endswith((b"x", b"c")), b"data.tar.gz".removesuffix(b".gz"))
print(b"42".zfill(5), b"-7".zfill(4), b"x".center(6, b"*"), b"x".ljust(3, b"-"), b"x".rjust(3))
print(b"a\tbc\td".expandtabs(4), b"1a2b".isalnum(), b"123".isdigit(), b" \n".isspace(), b"".isalpha())
print(b"one two  three".split(None, 1), b"a,b,,c".rsplit(b",", 2), b"x-y-z".replace(b"-", b"+", 1))
print(bytes.fromhex("de ad be ef"), b"\xde\xad".hex(), b"abc".strip(b"ac"), b"xxhixx".lstrip(b"x"))
for bad in (lambda: b"abc".split("b"), lambda: b"abc".find("a"), lambda: b"-".join(["a"]),
            lambda: b"abc".startswith("a"), lambda: b"abc".index(b"z"), lambda: bytes.fromhex("abc"),
            lambda: b"x".center(5, "*"), lambda: b"abc".replace("a", b"b"), lambda: b"a".find(300)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
