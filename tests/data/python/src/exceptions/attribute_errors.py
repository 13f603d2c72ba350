tests = [
    lambda: (5).foo,
    lambda: "s".appendd("x"),
    lambda: [].push(1),
    lambda: None.strip(),
    lambda: {}.has_key("a"),
]
for t in tests:
    try:
        t()
    except AttributeError as e:
        print("AttributeError:", e)
class Thing:
    color = "red"
Thing().colour
