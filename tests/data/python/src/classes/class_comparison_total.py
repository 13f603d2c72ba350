class Card:
    RANKS = "23456789TJQKA"
    def __init__(self, text):
        self.rank, self.suit = text[0], text[1]
    def __lt__(self, other):
        return self.RANKS.index(self.rank) < self.RANKS.index(other.rank)
    def __gt__(self, other):
        return other < self
    def __repr__(self):
        return self.rank + self.suit

hand = [Card(t) for t in "KH 3D TS AC 9C".split()]
print(sorted(hand), max(hand), min(hand))
print(Card("AS") > Card("KS"), Card("2C") < Card("3C"))
print(Card("2C") <= Card("3C"))
