class TypedList(list):
    def __init__(self, kind, items=()):
        self.kind = kind
        super().__init__()
        for it in items:
            self.append(it)
    def append(self, item):
        if not isinstance(item, self.kind):
            raise TypeError(f"expected {self.kind.__name__}, got {type(item).__name__}")
        super().append(item)

nums = TypedList(int, [1, 2, 3])
nums.append(4)
print(nums, len(nums), sum(nums), nums.kind.__name__)
nums.append("five")
