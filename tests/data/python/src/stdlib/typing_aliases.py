from typing import List, Dict, Optional, Union, Tuple, Any, Callable, TypeVar, Generic, NamedTuple, Literal
T = TypeVar('T')
print(List[int], Dict[str, int], Optional[int], Union[int, str], Tuple[int, ...])
print(Any, Callable[[int], str], T, Literal['a', 1])
class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []
    def push(self, item: T) -> None:
        self.items.append(item)
    def pop(self) -> T:
        return self.items.pop()
s = Stack[int]()
s.push(1); s.push(2)
print(s.pop(), s.items)
class Point(NamedTuple):
    x: int
    y: int = 0
p = Point(3)
print(p, p._replace(y=5), Point._fields, isinstance(p, tuple))
def first(xs: List[T]) -> Optional[T]:
    return xs[0] if xs else None
print(first([]), first(['a']))
