rows = [("apples", 3, 0.5), ("bananas", 12, 0.25), ("cherries", 100, 0.1), ("dates", 7, 2.0)]
print(f"{'item':<10}{'qty':>5}{'price':>8}{'total':>9}")
print("-" * 32)
grand = 0
for name, qty, price in rows:
    total = qty * price
    grand += total
    print(f"{name:<10}{qty:>5}{price:>8.2f}{total:>9.2f}")
print("-" * 32)
print(f"{'TOTAL':<23}{grand:>9.2f}")
