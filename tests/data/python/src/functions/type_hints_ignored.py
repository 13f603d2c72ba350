def scale(values: list[float], factor: float = 2.0) -> list[float]:
    return [v * factor for v in values]

print(scale([1.0, 2.5]))
print(scale(["a"], 3))
x: int = "not an int"
print(x)
def f(a: "forward", b: int | None = None) -> None:
    print(a, b)
f(1)
print(scale.__annotations__)
