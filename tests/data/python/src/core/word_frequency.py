text = """the cat sat on the mat
the dog sat on the log
a cat and a dog"""
counts = {}
for word in text.split():
    counts[word] = counts.get(word, 0) + 1
ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for word, n in ranked[:5]:
    print(f"{word:<5} {n:>2} {'#' * n}")
print(len(counts), "distinct words")
