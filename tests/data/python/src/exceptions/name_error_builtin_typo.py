items = [3, 1, 2]
print(sorted(items))
print(lenght(items))
