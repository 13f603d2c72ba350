words = ["apple", "Banana", "cherry", "date", "Elderberry", "fig", "grape"]
print([w.lower() for w in words if len(w) > 4])
print([w[0].upper() + w[1:] for w in words if w[0].islower()])
print([(w, len(w)) for w in words if "e" in w.lower()])
print([c for w in words for c in w if c in "xyz"])
print({w[0].lower(): w for w in words})
print([[w for w in words if len(w) == n] for n in range(3, 6)])
