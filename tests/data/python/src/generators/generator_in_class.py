class Tree:
    def __init__(self, value, left=None, right=None):
        self.value, self.left, self.right = value, left, right
    def inorder(self):
        if self.left:
            yield from self.left.inorder()
        yield self.value
        if self.right:
            yield from self.right.inorder()
    def __iter__(self):
        return self.inorder()

def insert(node, v):
    if node is None:
        return Tree(v)
    if v < node.value:
        node.left = insert(node.left, v)
    else:
        node.right = insert(node.right, v)
    return node

root = None
for v in [50, 30, 70, 20, 40, 60, 80, 35]:
    root = insert(root, v)
print(list(root))
print(max(root), sum(root), 35 in root)
