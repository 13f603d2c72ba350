from dataclasses import dataclass, field
import itertools

_ids = itertools.count(1)


@dataclass
class Ticket:
    title: str
    id: int = field(default_factory=lambda: next(_ids))
    watchers: list = field(default_factory=list)


a = Ticket("bug")
b = Ticket("feature")
c = Ticket("chore", id=100)
print(a, b, c, sep="\n")
a.watchers.append("ann")
print(b.watchers, a.watchers)
d = Ticket("late")
print(d.id)
