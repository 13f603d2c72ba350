def clamp(x, lo=0, hi=10):
    return max(lo, min(hi, x))
