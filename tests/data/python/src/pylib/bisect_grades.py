import bisect

breakpoints = [60, 70, 80, 90]
grades = "FDCBA"
def grade(score):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100, 60]])

data = [1, 2, 2, 2, 3, 5, 8]
for x in (0, 2, 4, 8, 9):
    print(x, bisect.bisect_left(data, x), bisect.bisect_right(data, x))
print(bisect.bisect_left(data, 2, 4), bisect.bisect_right(data, 2, 0, 3), bisect.bisect_left(data, 5, hi=-1))
