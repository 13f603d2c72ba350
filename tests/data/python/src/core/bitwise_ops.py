a, b = 0b1100, 0b1010
print(a & b, a | b, a ^ b, ~a, a << 3, a >> 2)
print(bin(a & b), bin(-5), hex(255), oct(8), hex(-255))
print(-1 >> 10, -16 >> 2, 1 << 70)
print((255).bit_length(), (0).bit_length(), (-8).bit_length())
flags = 0
for bit in (0, 3, 5):
    flags |= 1 << bit
print(flags, [i for i in range(8) if flags & (1 << i)])
print(int.bit_count(255), (1023).bit_count())
