words = ["café", "naïve", "日本", "emoji 🎉", "Ωmega"]
for w in words:
    print(f"{w:>10}|", len(w), len(w.encode()))
print("→ arrows ←", "\u2713 check")
