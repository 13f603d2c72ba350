from dataclasses import dataclass, field
from enum import IntEnum


class Severity(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


@dataclass(order=True)
class Ticket:
    severity: Severity
    title: str = field(compare=False)


tickets = [Ticket(Severity.LOW, "typo"), Ticket(Severity.HIGH, "crash"),
           Ticket(Severity.MEDIUM, "slow")]
for t in sorted(tickets, reverse=True):
    print(t)
print(Ticket(Severity.HIGH, "a") == Ticket(Severity.HIGH, "b"))
