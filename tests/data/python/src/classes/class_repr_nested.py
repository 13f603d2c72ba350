class Node:
    def __init__(self, name, children=None):
        self.name = name
        self.children = children or []
    def __repr__(self):
        if self.children:
            return f"Node({self.name!r}, {self.children!r})"
        return f"Node({self.name!r})"
    def walk(self, depth=0):
        yield depth, self.name
        for c in self.children:
            yield from c.walk(depth + 1)

tree = Node("root", [Node("a", [Node("a1"), Node("a2")]), Node("b")])
print(tree)
for depth, name in tree.walk():
    print("  " * depth + "- " + name)
print([tree, Node("x")])
