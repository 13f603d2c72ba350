inventory = {"apples": 3, "pears": 0}
def take(item):
    inventory[item] -= 1
    return inventory[item]

print(take("apples"))
print(take("plums"))
