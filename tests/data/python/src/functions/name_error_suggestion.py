def compute_total(prices):
    total_price = 0
    for p in prices:
        total_price += p
    return totl_price

print(compute_total([1, 2, 3]))
