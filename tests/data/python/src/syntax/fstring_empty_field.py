items = [1, 2]
print(f"items: {}".format(items))
