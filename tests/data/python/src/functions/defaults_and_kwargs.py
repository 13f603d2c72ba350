def greet(name, greeting="Hello", punct="!"):
    return f"{greeting}, {name}{punct}"

print(greet("Ann"))
print(greet("Ben", "Hi"))
print(greet("Cy", punct="?"))
print(greet(greeting="Yo", name="Di"))
def describe(*args, **kwargs):
    return f"args={args} kwargs={kwargs}"
print(describe())
print(describe(1, 2, x=3))
print(describe(*[4, 5], **{"y": 6, "z": 7}))
