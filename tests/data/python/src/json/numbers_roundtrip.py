import json

values = [0, -0.0, 1.5, 0.1, 1e100, 1e-7, 123456789012345678901234567890, 3.0, 2**53 + 1, -17]
text = json.dumps(values)
print(text)
back = json.loads(text)
print(back == values, [type(v).__name__ for v in back])
print(json.loads("-0"), json.loads("1E3"), json.loads("2.50"), json.loads("1e400"))
for bad in ["01", "1.", "-", ".5", "+1"]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), e)
