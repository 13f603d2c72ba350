dna = "AGCTTAGCTAAGGCT"
print({base: dna.count(base) for base in "ACGT"})
print(dna.count("AG"), dna.count("GCT"), dna.replace("T", "U"))
comp = dna.translate(str.maketrans("ACGT", "TGCA"))[::-1]
print(comp)
runs = []
prev, n = dna[0], 0
for ch in dna:
    if ch == prev:
        n += 1
    else:
        runs.append(f"{prev}{n}")
        prev, n = ch, 1
runs.append(f"{prev}{n}")
print("".join(runs))
