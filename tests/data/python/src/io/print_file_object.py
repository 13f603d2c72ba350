import sys
class Collector:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        pass

c = Collector()
print("hello", "world", file=c)
print("second", end="!", file=c)
print(c.parts)
old = sys.stdout
sys.stdout = c
print("captured")
sys.stdout = old
print("restored", c.parts[-2:])
