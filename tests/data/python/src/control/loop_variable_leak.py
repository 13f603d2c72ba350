for i in range(3):
    pass
print("i after loop:", i)
squares = [j * j for j in range(3)]
try:
    print(j)
except NameError as e:
    print("NameError:", e)
for k in []:
    pass
print(k)
