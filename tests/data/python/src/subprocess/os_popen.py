import os

f = os.popen("echo hello; echo world")
print(repr(f.read()))
print(f.close())
f = os.popen("printf 'a\\nb\\nc\\n'")
print([line.rstrip() for line in f])
print(f.close())
print(os.popen("exit 3").close())
with os.popen("echo in with") as p:
    print(p.readline(), end="")
for bad in (["ls"], 5):
    try:
        os.popen(bad)
    except TypeError as e:
        print(e)
try:
    os.popen("ls", "rw")
except ValueError as e:
    print(e)
