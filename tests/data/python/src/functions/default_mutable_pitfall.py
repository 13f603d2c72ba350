def append_bad(x, acc=[]):
    acc.append(x)
    return acc

def append_good(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc

print(append_bad(1), append_bad(2), append_bad(3))
print(append_good(1), append_good(2))
print(append_bad.__defaults__)
