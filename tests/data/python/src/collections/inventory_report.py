inventory = [
    {"sku": "A-1", "name": "bolt", "qty": 120, "price": 0.05, "tags": ["metal", "small"]},
    {"sku": "B-7", "name": "gear", "qty": 0, "price": 4.5, "tags": ["metal"]},
    {"sku": "C-3", "name": "belt", "qty": 8, "price": 12.0, "tags": ["rubber"]},
    {"sku": "D-2", "name": "nut", "qty": 300, "price": 0.03, "tags": ["metal", "small"]},
]
out_of_stock = [i["name"] for i in inventory if i["qty"] == 0]
value = {i["sku"]: round(i["qty"] * i["price"], 2) for i in inventory}
tags = {}
for item in inventory:
    for t in item["tags"]:
        tags.setdefault(t, []).append(item["name"])
print("out of stock:", out_of_stock)
print("value:", value, "total:", round(sum(value.values()), 2))
print("by tag:", tags)
low = sorted((i for i in inventory if 0 < i["qty"] < 50), key=lambda i: i["qty"])
print("low stock:", [(i["name"], i["qty"]) for i in low])
