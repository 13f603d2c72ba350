x = "module"
class C:
    x = "class"
    y = [x for _ in range(1)]
    def method(self):
        return x
print(C.x, C.y, C().method())
def f():
    x = "function"
    class D:
        z = x
    return D.z
print(f())
