s = "abcdefghij"
print(s[2:5], s[:3], s[7:], s[-3:], s[:-3], s[::2], s[1::3], s[::-1], s[-2:-6:-1])
print(s[100:], s[5:2], repr(s[3:3]))
lst = list(range(10))
print(lst[::3], lst[-1], lst[2:-2], lst[::-2])
lst[2:5] = ["a", "b"]
print(lst)
del lst[::2]
print(lst)
lst[1:1] = [99, 98]
print(lst)
t = (1, 2, 3, 4)
print(t[1:3], t[::-1])
