class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(f"need {needed}, have {available}")
        self.needed, self.available = needed, available

class Account:
    def __init__(self, owner, balance=0):
        self.owner, self.balance = owner, balance
        self.history = []
    def deposit(self, amt):
        if amt <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amt
        self.history.append(("dep", amt))
    def withdraw(self, amt):
        if amt > self.balance:
            raise InsufficientFunds(amt, self.balance)
        self.balance -= amt
        self.history.append(("wd", amt))

a = Account("lee", 100)
a.deposit(50)
a.withdraw(30)
for op in [lambda: a.deposit(-5), lambda: a.withdraw(500)]:
    try:
        op()
    except (ValueError, InsufficientFunds) as e:
        print(type(e).__name__, e, e.args)
print(a.balance, a.history)
a.withdraw(1000)
