class Square:
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
