text = "naïve café — 日本\n"
with open("u.txt", "w", encoding="utf-8") as f:
    f.write(text)
with open("u.txt", "rb") as f:
    raw = f.read()
print(raw, len(raw), len(text))
with open("u.txt", encoding="utf-8") as f:
    print(f.read() == text)
with open("l.txt", "w", encoding="latin-1") as f:
    f.write("café\n")
with open("l.txt", "rb") as f:
    print(f.read())
with open("l.txt", encoding="utf-8") as f:
    f.read()
