from collections import Counter, defaultdict
text = """the quick brown fox jumps over the lazy dog the fox"""
words = text.split()
counts = Counter(words)
for word, n in counts.most_common(3):
    print(f'{word:>6} {n}')
by_len = defaultdict(list)
for w in words:
    by_len[len(w)].append(w)
for k in sorted(by_len):
    print(k, sorted(set(by_len[k])))
print(counts['cat'], len(counts), sum(counts.values()))
c2 = counts.copy()
c2.subtract(['the', 'the'])
print(c2['the'], +c2 == c2)
