def inner(n):
    for i in range(n):
        yield i
    return f"inner({n}) done"

def outer():
    r1 = yield from inner(2)
    print("r1 =", r1)
    r2 = yield from inner(3)
    print("r2 =", r2)
    yield from "xy"

print(list(outer()))
def tree_walk(node):
    yield node["name"]
    for child in node.get("children", []):
        yield from tree_walk(child)
tree = {"name": "root", "children": [{"name": "a", "children": [{"name": "a1"}]}, {"name": "b"}]}
print(list(tree_walk(tree)))
