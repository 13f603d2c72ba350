text = "to be or not to be that is the question to ask"
freq = {}
for w in text.split():
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: kv[1], reverse=True)[:3]
print(top)
letters = {}
for ch in text.replace(" ", ""):
    letters[ch] = letters.get(ch, 0) + 1
print(sorted(letters.items())[:5])
print(sum(freq.values()), len(freq))
