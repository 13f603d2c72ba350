import re

data = b"key1=val1&key2=val2&flag"
print(re.findall(rb"(\w+)=(\w+)", data))
print(re.sub(rb"=", b": ", data))
print(re.split(rb"&", data))
m = re.search(rb"key(\d)", data)
print(m, m.group(1), m.span())
print(re.match(rb"(?i)KEY", data))
print(re.compile(rb"\d+").pattern)
try:
    re.search("a", b"abc")
except TypeError as e:
    print("TypeError:", e)
try:
    re.search(b"a", "abc")
except TypeError as e:
    print("TypeError:", e)
