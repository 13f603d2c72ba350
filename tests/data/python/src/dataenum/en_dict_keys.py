from enum import Enum
from collections import Counter


class Suit(Enum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


hand = ["h", "s", "h", "c", "h", "d", "s"]
counts = Counter(Suit(c) for c in hand)
for suit in Suit:
    print(f"{suit.name:<9}{counts[suit]}")
by_suit = {s: [] for s in Suit}
for i, c in enumerate(hand):
    by_suit[Suit(c)].append(i)
print(by_suit[Suit.HEARTS], hash(Suit.HEARTS) == hash(Suit.HEARTS))
print({Suit.CLUBS: 1} == {Suit("c"): 1})
