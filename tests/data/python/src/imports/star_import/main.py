from mathlib import *
print(add(2, 3), mul(4, 5), PI)
try:
    print(_private())
except NameError as e:
    print("NameError:", e)
print(hidden)
