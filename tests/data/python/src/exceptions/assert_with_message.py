def check_inventory(stock):
    for item, qty in stock.items():
        assert qty >= 0, f"negative stock for {item}: {qty}"
    return "ok"

print(check_inventory({"a": 1}))
print(check_inventory({"a": 1, "b": -4}))
