from dataclasses import dataclass, field


@dataclass
class TreeNode:
    value: int
    children: list = field(default_factory=list)
    parent: object = field(default=None, repr=False)

    def add(self, value):
        child = TreeNode(value, parent=self)
        self.children.append(child)
        return child


root = TreeNode(1)
a = root.add(2)
a.add(3)
root.add(4)
print(root)


@dataclass
class Loop:
    name: str
    other: object = None


x = Loop("x")
x.other = x
print(x)
print([x, x])
