from pathlib import PurePath
p = PurePath('dir/file.tar.gz')
print(p.with_name('x.py'), p.with_stem('new'), p.with_suffix('.bz2'), p.with_suffix(''))
print(PurePath('a/b').with_suffix('.txt'), PurePath('a/b.c').with_suffix('.'))
for f, arg in [('with_name', ''), ('with_name', '.'), ('with_name', 'x/y'),
               ('with_suffix', 'txt'), ('with_suffix', '.a/b'), ('with_stem', '')]:
    try:
        print(getattr(PurePath('d/n.e'), f)(arg))
    except ValueError as e:
        print(f, 'ValueError', e)
try:
    PurePath('/').with_name('x')
except ValueError as e:
    print('ValueError', e)
print(PurePath('noext').with_stem('other'))
