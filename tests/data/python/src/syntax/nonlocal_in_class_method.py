class Counter:
    count = 0
    def bump(self):
        nonlocal count
        count += 1
