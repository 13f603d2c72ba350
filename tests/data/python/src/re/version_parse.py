import re

VERSION = re.compile(r"^v?(?P<major>0|[1-9]\d*)\.(?P<minor>0|[1-9]\d*)(?:\.(?P<patch>0|[1-9]\d*))?(?:-(?P<pre>[\w.]+))?$")
for v in ["1.2.3", "v10.0", "2.0.1-rc.1", "01.2.3", "1.2.3.4"]:
    m = VERSION.match(v)
    if m:
        print(v, m.group("major", "minor", "patch"), m["pre"])
    else:
        print(v, "invalid")
vs = ["1.10.0", "1.2.0", "1.9.3"]
print(sorted(vs, key=lambda s: tuple(int(x) for x in re.findall(r"\d+", s))))
