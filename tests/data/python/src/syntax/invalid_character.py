price = 10
total = price × 2
