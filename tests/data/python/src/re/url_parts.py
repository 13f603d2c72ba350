import re

URL = re.compile(r"^(?P<scheme>https?)://(?P<host>[^/:?#]+)(?::(?P<port>\d+))?(?P<path>/[^?#]*)?(?:\?(?P<query>[^#]*))?(?:#(?P<frag>.*))?$")
for u in ["https://example.com", "http://a.b:8080/x/y?q=1&r=2#top", "ftp://nope"]:
    m = URL.match(u)
    print(u, "=>", m.groupdict() if m else None)
q = "a=1&b=two&c="
print(re.findall(r"([^&=]+)=([^&]*)", q))
