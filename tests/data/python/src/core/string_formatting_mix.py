name, score, ratio = "Ravi", 1234, 0.8765
print("Name: %-8s Score: %6d Ratio: %.1f%%" % (name, score, ratio * 100))
print("Name: {:<8} Score: {:>6} Ratio: {:.1%}".format(name, score, ratio))
print(f"Name: {name:<8} Score: {score:>6} Ratio: {ratio:.1%}")
print(format(score, "08b"), format(ratio, ".2e"), format(-score, "+,"))
print("{:#x} {:#o} {:c}".format(255, 8, 97))
print(f"{'left':<10}|{'mid':^10}|{'right':>10}|")
print(f"{3.0:g} {3.5e-7:g} {1234567.0:g} {0.0001:g} {1e16:g}")
