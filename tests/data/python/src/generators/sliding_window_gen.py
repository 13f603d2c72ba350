def window(it, n):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) > n:
            buf.pop(0)
        if len(buf) == n:
            yield tuple(buf)

prices = [10, 11, 12, 11, 15, 18, 17]
for w in window(prices, 3):
    avg = sum(w) / 3
    print(w, f"{avg:.2f}", "up" if w[-1] > w[0] else "down")
