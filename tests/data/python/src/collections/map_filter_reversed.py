nums = [4, -2, 7, 0, -5, 3]
print(list(map(abs, nums)))
print(list(map(lambda a, b: a * b, nums, range(10))))
print(list(filter(None, nums)), list(filter(lambda n: n > 0, nums)))
print(list(reversed(nums)), nums[::-1] == list(reversed(nums)))
print(list(map(str.upper, ["a", "b"])), list(map(int, "123")))
m = map(lambda x: x * 10, [1, 2, 3])
print(next(m), list(m), list(m))
print(sorted(map(len, ["aaa", "b", "cc"])))
