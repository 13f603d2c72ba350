PRICES = {"apple": 0.5, "pear": 0.75}
