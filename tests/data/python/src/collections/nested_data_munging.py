orders = [
    {"id": 1, "customer": "acme", "items": [{"sku": "A", "qty": 2, "price": 9.5}, {"sku": "B", "qty": 1, "price": 20}]},
    {"id": 2, "customer": "globex", "items": [{"sku": "A", "qty": 5, "price": 9.5}]},
    {"id": 3, "customer": "acme", "items": [{"sku": "C", "qty": 3, "price": 1.25}]},
]
totals = {}
for o in orders:
    t = sum(i["qty"] * i["price"] for i in o["items"])
    totals[o["customer"]] = totals.get(o["customer"], 0) + t
print(totals)
by_sku = {}
for o in orders:
    for i in o["items"]:
        by_sku.setdefault(i["sku"], []).append(o["id"])
print(by_sku)
print(max(totals, key=totals.get), round(sum(totals.values()), 2))
