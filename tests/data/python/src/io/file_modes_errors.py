with open("x.txt", "w") as f:
    f.write("text")
try:
    with open("x.txt") as f:
        f.write("nope")
except Exception as e:
    print(type(e).__name__, e)
try:
    with open("x.txt", "wb") as f:
        f.write("str not bytes")
except TypeError as e:
    print("TypeError:", e)
try:
    with open("x.txt", "w") as f:
        f.write(42)
except TypeError as e:
    print("TypeError:", e)
f = open("x.txt")
f.close()
print(f.closed)
f.read()
