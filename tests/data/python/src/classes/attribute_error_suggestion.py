class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
    def deposit(self, amount):
        self.balance += amount

acct = Account("kim")
acct.deposit(50)
print(acct.balance)
print(acct.balanse)
