# A simple XOR cipher and checksum over a bytearray, edited in place.
key = b"k3y"
message = bytearray("attack at dawn".encode())
for i in range(len(message)):
    message[i] ^= key[i % len(key)]
print(message.hex())
checksum = 0
for b in message:
    checksum = (checksum + b) & 0xFFFF
print("checksum", checksum, checksum.to_bytes(2, "big"))
for i, b in enumerate(message):
    message[i] = b ^ key[i % len(key)]
print(message.decode())
frame = bytearray(b"\x7e") + bytes([len(message)]) + message + checksum.to_bytes(2, "big")
print(len(frame), frame[:3], frame[-2:])
frame[1:2] = b""
print(len(frame), frame[:3])
frame[::2] = bytes(len(frame[::2]))
print(frame[:6])
del frame[::3]
print(len(frame), frame[:4])
