from pathlib import PurePath, Path
p = PurePath('a')
print(p / 'b' / 'c', p / '/abs', 'x' / p, p.joinpath('b', 'c/d'))
print(Path('src') / PurePath('m.py'), type(Path('a') / 'b').__name__)
for bad in (3, None, b'x'):
    try:
        p / bad
    except TypeError as e:
        print('TypeError', e)
try:
    3 / p
except TypeError as e:
    print('TypeError', e)
try:
    PurePath(b'abc')
except TypeError as e:
    print('TypeError', e)
