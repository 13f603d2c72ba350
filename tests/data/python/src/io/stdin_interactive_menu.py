menu = {"1": "coffee", "2": "tea", "3": "juice"}
orders = []
while True:
    choice = input("choose (1-3, q): ").strip()
    if choice == "q":
        break
    if choice not in menu:
        print(f"invalid choice {choice!r}")
        continue
    qty = int(input("quantity: "))
    orders.append((menu[choice], qty))
print()
print("orders:", orders)
print("total items:", sum(q for _, q in orders))
