from pathlib import PurePath
cases = [('a/b.py', '*.py'), ('/a/b.py', '*.py'), ('x/a/b.py', 'a/*.py'), ('a/b.py', '/a/*.py'),
         ('/a/b.py', '/a/*.py'), ('a/b/c.py', '**/*.py'), ('b.py', '**/*.py'), ('a/b.PY', '*.py'),
         ('a/x1.txt', 'x[0-9].txt'), ('a/xa.txt', 'x[!a].txt'), ('a/b', 'a/?')]
for path, pat in cases:
    p = PurePath(path)
    print(path, pat, p.match(pat), p.full_match(pat))
print(PurePath('a/B.PY').match('*.py', case_sensitive=False))
print(PurePath('a/b/c').full_match('a/**'), PurePath('a').full_match('a/**'))
print(PurePath('a').full_match('**'), PurePath('/a').full_match('**'), PurePath('a/b').full_match('*'))
try:
    PurePath('a').match('')
except ValueError as e:
    print('ValueError', e)
