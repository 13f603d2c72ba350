class Tag:
    def __init__(self, name):
        self.name = name
    def __eq__(self, other):
        return isinstance(other, Tag) and self.name.lower() == other.name.lower()
    def __hash__(self):
        return hash(self.name.lower())
    def __repr__(self):
        return f"Tag({self.name!r})"

tags = [Tag("Py"), Tag("py"), Tag("Rust"), Tag("PY")]
unique = []
for t in tags:
    if t not in unique:
        unique.append(t)
print(unique, tags.count(Tag("py")), tags.index(Tag("rust")))
print(len(set(tags)), Tag("RUST") in set(tags))
print({Tag("a"): 1}[Tag("A")])
