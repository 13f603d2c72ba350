def flatten(x):
    if isinstance(x, list):
        out = []
        for item in x:
            out.extend(flatten(item))
        return out
    return [x]

print(flatten([1, [2, [3, [4, []]], 5], [[6]]]))
def permutations(items):
    if len(items) <= 1:
        return [items]
    return [[items[i]] + p for i in range(len(items)) for p in permutations(items[:i] + items[i + 1:])]
print(permutations([1, 2, 3]))
def power_set(s):
    if not s:
        return [[]]
    rest = power_set(s[1:])
    return rest + [[s[0]] + r for r in rest]
print(sorted(power_set([1, 2, 3])))
