with open("numbers.txt", "w") as f:
    for i in range(1, 11):
        f.write(f"{i * i}\n")
with open("numbers.txt") as f:
    nums = [int(line) for line in f]
print(nums, sum(nums))
with open("numbers.txt") as f:
    print(f.readline(), end="")
    print(next(f), end="")
    print(len(f.readlines()))
