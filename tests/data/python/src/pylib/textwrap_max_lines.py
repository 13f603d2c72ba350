import textwrap

log = "error: connection refused while contacting the upstream server at 10.0.0.7 port 443 after 3 retries"
for n in (1, 2, 3, 10):
    print(n, textwrap.wrap(log, width=30, max_lines=n))
print(textwrap.wrap(log, width=30, max_lines=2, placeholder=" ..."))
print(textwrap.fill(log, width=25, max_lines=3, subsequent_indent="    ", placeholder=" [cut]"))
try:
    textwrap.wrap(log, width=4, max_lines=1)
except ValueError as e:
    print("ValueError:", e)
w = textwrap.TextWrapper(width=20, max_lines=2)
print(w.wrap("short"))
print(w.fill("one two three four five six seven eight nine"))
