import math

principal = 1000.0
rate = 0.05
for years in [1, 5, 10, 30]:
    yearly = principal * math.pow(1 + rate, years)
    continuous = principal * math.exp(rate * years)
    print(f"{years:>2}y yearly={yearly:10.2f} continuous={continuous:10.2f}")
doubling = math.log(2) / math.log(1 + rate)
print(f"doubling time: {doubling:.2f} years, {math.ceil(doubling)} full years")
