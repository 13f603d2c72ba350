people = [("alice", 30, "NY"), ("bob", 25, "LA"), ("carol", 35, "NY"), ("dave", 25, "SF")]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: (p[2], -p[1])))
print(sorted(people, key=lambda p: p[0], reverse=True))
by_age = sorted(people, key=lambda p: p[1], reverse=True)
print([p[0] for p in by_age])
nums = [3, -1, 4, -1, 5, -9, 2, 6]
nums.sort(key=abs)
print(nums)
print(sorted("Banana"), sorted("Banana", key=str.lower))
