class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d
    @classmethod
    def parse(cls, text):
        return cls(*map(int, text.split("-")))
    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    def __repr__(self):
        return f"{type(self).__name__}({self.y}, {self.m}, {self.d})"

class MyDate(Date):
    pass

print(Date.parse("2024-02-29"), MyDate.parse("1999-12-31"))
print([y for y in (1900, 2000, 2023, 2024) if Date.is_leap(y)])
print(Date(1, 1, 1).is_leap(4))
