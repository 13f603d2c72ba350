data = {"north": 1200.5, "south": 830.25, "east": 14.0, "west": 99999.999}
width = max(len(k) for k in data)
for region, amount in data.items():
    print(region.capitalize().ljust(width + 2, "."), f"{amount:>12,.2f}")
print("=" * (width + 15))
print("Total".ljust(width + 2), f"{sum(data.values()):>12,.2f}")
