import re

pat = re.compile(r"(<)?(\w+@\w+(?:\.\w+)+)(?(1)>|$)")
for s in ["<user@host.com>", "user@host.com", "<user@host.com", "user@host.com>"]:
    m = pat.match(s)
    print(s, m.group(2) if m else None)
print(re.match(r"(?P<p>\()?\d+(?(p)\))", "(12)").group())
print(re.match(r"(a)?b(?(1)c|d)", "bd").group())
