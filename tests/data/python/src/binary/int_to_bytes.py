# Encode integers as fixed-width fields, the way a packet builder does.
def field(value, width, order="big", signed=False):
    return value.to_bytes(width, order, signed=signed)

header = field(1, 1) + field(513, 2) + field(70000, 4, "little")
print(header, len(header))
print(field(-2, 2, signed=True).hex(), field(-1, 4, "little", signed=True).hex())
print((0).to_bytes(0, "big"), (255).to_bytes(), (5).to_bytes(length=3, byteorder="little"))
big = 2**100 + 7
print(big.to_bytes(13, "big").hex())
for value, width, signed in [(256, 1, False), (-1, 2, False), (128, 1, True), (-129, 1, True)]:
    try:
        value.to_bytes(width, "big", signed=signed)
    except OverflowError as e:
        print(value, width, signed, "->", type(e).__name__, e)
try:
    (1).to_bytes(2, "middle")
except ValueError as e:
    print("ValueError:", e)
try:
    (1).to_bytes(-1, "big")
except ValueError as e:
    print("ValueError:", e)
print(True.to_bytes(1, "big"), (12345).bit_count(), (-7).bit_count())
