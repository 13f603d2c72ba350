payload = bytes(range(0, 256, 17))
with open("data.bin", "wb") as f:
    n = f.write(payload)
print("wrote", n, "bytes")
with open("data.bin", "rb") as f:
    head = f.read(4)
    rest = f.read()
print(head, len(rest), rest[-2:])
with open("data.bin", "rb") as f:
    data = f.read()
print(data == payload, data.hex())
with open("data.bin", "ab") as f:
    f.write(b"\x00END")
with open("data.bin", "rb") as f:
    print(f.read()[-4:])
