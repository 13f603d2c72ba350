import random

suits = ["S", "H", "D", "C"]
ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
deck = [r + s for s in suits for r in ranks]
random.seed(2024)
random.shuffle(deck)
hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
for n, hand in enumerate(hands, 1):
    print(f"player {n}: {' '.join(hand)}")
print("remaining:", len(deck) - 20)
