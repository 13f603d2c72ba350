def logged(method):
    def wrapper(self, *args):
        result = method(self, *args)
        self.log.append(f"{method.__name__}{args} -> {result}")
        return result
    return wrapper

class Calculator:
    def __init__(self):
        self.log = []
    @logged
    def add(self, a, b):
        return a + b
    @logged
    def div(self, a, b):
        return a / b

c = Calculator()
c.add(2, 3)
c.div(10, 4)
print(c.log)
c.div(1, 0)
