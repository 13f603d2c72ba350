import fnmatch
import re

for pat in ["*.py", "a*b*c", "*", "file?.txt", "[abc]*", "[!a-c]x", "x[", "*a*",
            "a**b", "[a-]", "[z-a]", "[!]]", "a.b+c"]:
    print(repr(pat), repr(fnmatch.translate(pat)))
rx = re.compile(fnmatch.translate("*.log"))
print(bool(rx.match("app.log")), bool(rx.match("app.log.1")))
