word = "naïve café"
print(len(word), word.upper(), word[2], ord(word[2]), chr(233))
print(word.encode("utf-8"))
print(list(word.encode("utf-8"))[:6])
print(b"caf\xc3\xa9".decode("utf-8"))
print("straße".casefold() == "STRASSE".casefold())
print(sorted(["b", "A", "é", "a", "Z"]))
print("日本語", len("日本語"), "日本語"[::-1])
