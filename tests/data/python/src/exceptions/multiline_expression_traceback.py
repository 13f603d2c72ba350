def combine(a, b, c):
    return a + b + c

result = combine(
    1,
    2,
    "three",
)
print(result)
