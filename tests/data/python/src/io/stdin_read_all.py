import sys
data = sys.stdin.read()
print(repr(data))
words = data.split()
print(len(words), "words", len(data), "chars", data.count("\n"), "newlines")
print(repr(sys.stdin.read()))
