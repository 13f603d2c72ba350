from pathlib import PurePath, PurePosixPath, Path
ps = [PurePath('b'), PurePath('a/b'), PurePath('/z'), PurePath('a'), PurePath('a/b/c')]
print(sorted(ps))
print(PurePath('a/b') == PurePath('a//b/'), PurePath('a') == 'a', PurePosixPath('a') == Path('a'))
print(PurePath('A') == PurePath('a'), PurePath('a') < PurePath('b'), PurePath('a') >= PurePath('a'))
print(len({PurePath('x'), PurePath('x/'), PurePath('./x')}))
try:
    PurePath('a') < 'b'
except TypeError as e:
    print('TypeError', e)
d = {Path('k'): 1}
print(d[Path('k/')], Path('k') in d)
