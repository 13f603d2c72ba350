def k(a: int, *args: str, b: 'X' = 1, **kw: float) -> 'Later':
    pass
class Later:
    pass
print(k.__annotations__)
class P:
    x: int
    y: list = []
    def n(self) -> P: pass
print(P.__annotations__, P.n.__annotations__)
class Q(P):
    pass
print(Q.__annotations__)
def outer():
    T = int
    def inner(x: T): pass
    return inner
print(outer().__annotations__)
