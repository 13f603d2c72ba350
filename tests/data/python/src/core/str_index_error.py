word = "python"
print(word[0], word[-1], word[5])
print(word.index("th"))
word.index("java")
