from pathlib import PurePath
p = PurePath('/a/b/c')
print(p.parents, len(p.parents), list(p.parents))
print(p.parents[0], p.parents[-1], p.parents[0:2], p.parents[::-1])
try:
    p.parents[3]
except IndexError as e:
    print('IndexError', e)
print(list(PurePath('x/y').parents), PurePath('.').parent, PurePath('/').parent)
print(PurePath('..').parent, PurePath('a').parent)
