stock = {"a": 0, "b": 3, "c": 0, "d": 1}
for k in list(stock):
    if stock[k] == 0:
        del stock[k]
print(stock)
prices = {"x": 1.0, "y": 2.5}
for k, v in prices.items():
    prices[k] = round(v * 1.1, 2)
print(prices)
for k in stock:
    stock.pop(k)
