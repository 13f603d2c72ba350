import re

line = '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326'
pat = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>\w+) (?P<path>\S+) [^"]*" (?P<status>\d{3}) (?P<size>\d+|-)'
)
m = pat.search(line)
print(m.group("ip"), m["method"], m.group("path"))
d = m.groupdict()
for k in sorted(d):
    print(k, "=", d[k])
print(m.lastgroup, m.lastindex)
print(pat.groupindex["status"], pat.groups)
print(m.span("status"), m.start("size"), m.end("size"))
