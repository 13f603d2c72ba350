original = [[1, 2], [3, 4]]
shallow = original[:]
shallow[0].append(99)
shallow.append([5])
print(original, shallow)
def deep_copy(x):
    if isinstance(x, list):
        return [deep_copy(i) for i in x]
    if isinstance(x, dict):
        return {k: deep_copy(v) for k, v in x.items()}
    return x
deep = deep_copy(original)
deep[1].append(100)
print(original, deep)
print(original == deep_copy(original), original is deep_copy(original))
