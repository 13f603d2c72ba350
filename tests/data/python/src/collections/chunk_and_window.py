def chunks(seq, n):
    return [seq[i:i + n] for i in range(0, len(seq), n)]

def windows(seq, n):
    return [tuple(seq[i:i + n]) for i in range(len(seq) - n + 1)]

data = list(range(1, 11))
print(chunks(data, 3))
print(windows(data, 4))
print(chunks("abcdefg", 2))
moving = [sum(w) / len(w) for w in windows(data, 3)]
print(moving)
