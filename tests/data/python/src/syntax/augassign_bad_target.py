items = [1, 2]
len(items) += 1
