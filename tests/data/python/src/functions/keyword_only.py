def connect(host, *, port=80, timeout=5.0):
    return f"{host}:{port} t={timeout}"

print(connect("a"))
print(connect("b", port=8080))
print(connect("c", timeout=1, port=1))
try:
    connect("d", 443)
except TypeError as e:
    print("TypeError:", e)
connect("e", retries=3)
