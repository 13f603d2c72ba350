data = "Hello, hex dump! 123".encode()
for off in range(0, len(data), 8):
    chunk = data[off:off + 8]
    hexpart = " ".join(f"{b:02x}" for b in chunk)
    text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
    print(f"{off:04x}  {hexpart:<23}  {text}")
