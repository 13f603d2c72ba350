class Version:
    def __init__(self, text):
        self.parts = tuple(int(p) for p in text.split("."))
        self.text = text
    def __lt__(self, other):
        return self.parts < other.parts
    def __eq__(self, other):
        return self.parts == other.parts
    def __repr__(self):
        return f"v{self.text}"

vs = [Version(s) for s in ["1.10.0", "1.2.3", "1.2.10", "0.9", "1.2"]]
print(sorted(vs))
print(max(vs), min(vs))
print(Version("1.0") < Version("1.0.1"), Version("2.0") > Version("1.9"))
print(Version("1.0") <= Version("1.0"))
