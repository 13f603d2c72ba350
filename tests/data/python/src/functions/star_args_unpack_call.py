def point3(x, y, z=0):
    return (x, y, z)

args = [1, 2]
kw = {"z": 9}
print(point3(*args), point3(*args, **kw), point3(*"ab", z="c"))
print(point3(*range(3)))
def total(*nums, scale=1):
    return sum(nums) * scale
print(total(), total(1, 2, 3), total(*[4, 5], scale=10))
point3(*[1, 2, 3, 4])
