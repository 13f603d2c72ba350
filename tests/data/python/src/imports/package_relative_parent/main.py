from shop.orders.checkout import total
print(total([("apple", 2), ("pear", 3)]))
