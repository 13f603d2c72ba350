raw = "   Product-Name: Super Widget 3000 ; Price: $19.99 ; Qty: 7   "
fields = {}
for part in raw.strip().split(";"):
    key, _, value = part.partition(":")
    fields[key.strip().lower().replace("-", "_")] = value.strip()
print(fields)
price = float(fields["price"].lstrip("$"))
qty = int(fields["qty"])
print(f"{fields['product_name'].title()} x{qty} = ${price * qty:,.2f}")
slug = "-".join(fields["product_name"].lower().split())
print(slug)
