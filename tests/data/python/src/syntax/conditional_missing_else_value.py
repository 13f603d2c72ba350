score = 7
label = "high" if score > 5 else
print(label)
