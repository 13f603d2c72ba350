nums = [1, 2, 2, 3, 4, 4, 4, 5]
while 4 in nums:
    nums.remove(4)
print(nums)
nums = [1, 2, 3, 4, 5, 6]
nums = [n for n in nums if n % 2]
print(nums)
q = [5, 1, 4]
q.insert(1, 9); q.insert(-1, 7); q.insert(100, 0)
print(q)
print(q.pop(-2), q, q.index(9))
