def nest(n):
    return [nest(n + 1)]

try:
    nest(0)
except RecursionError:
    print("too deep")
def safe_depth(data, depth=0):
    if depth > 50:
        raise ValueError(f"nesting deeper than 50 at {depth}")
    if isinstance(data, list) and data:
        return safe_depth(data[0], depth + 1)
    return depth
x = []
for _ in range(60):
    x = [x]
print(safe_depth([[[1]]]))
print(safe_depth(x))
