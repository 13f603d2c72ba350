xs = [5, 3, 8]
xs.append(1); xs.extend([9, 2]); xs.insert(0, 7)
print(xs)
print(xs.pop(), xs.pop(0), xs)
xs.remove(8)
print(xs, xs.index(1), xs.count(3))
xs.sort(); print(xs)
xs.reverse(); print(xs)
ys = xs.copy(); ys.clear(); print(xs, ys)
print([1, 2] + [3], [0] * 4, len(xs), 3 in xs)
del xs[0]
print(xs)
