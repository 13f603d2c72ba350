import re

text = """It was the best of times, it was the worst of times; it was the age of
wisdom, it was the age of foolishness..."""
words = re.findall(r"[a-z']+", text.lower())
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
for w, n in top:
    print(f"{w:>8} {n}")
print(len(re.findall(r"\bit\b", text, re.I)))
