def cmp_to_key(cmp):
    class K:
        def __init__(self, obj):
            self.obj = obj
        def __lt__(self, other):
            return cmp(self.obj, other.obj) < 0
    return K

def by_len_then_reverse_alpha(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return (a < b) - (a > b)

words = ["pear", "fig", "apple", "kiwi", "date", "banana"]
print(sorted(words, key=cmp_to_key(by_len_then_reverse_alpha)))
