vals = [0.1, 1 / 3, 2 / 3, 1e-7, 123456.789, 1.5e300, 2.0 ** 60, 9007199254740993.0, 0.30000000000000004]
for v in vals:
    s = repr(v)
    assert float(s) == v
    print(s, str(v), f"{v:.17g}", f"{v:.3e}")
