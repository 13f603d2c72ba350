items = ["a", "b"]
print(f"{'\n'.join(items)}")
print(f"{"nested quotes"} ok")
