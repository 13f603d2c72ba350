import os
from pathlib import Path, PurePath
p = Path('data') / 'f.txt'
print(os.fspath(p), p.as_posix(), str(p), repr(p), f'{p}')
os.mkdir(Path('data'))
with open(p, 'w') as f:
    f.write('hello\n')
print(os.path.exists(p), os.path.getsize(p), os.path.join(p.parent, 'g'), os.path.splitext(p))
print(os.listdir(Path('data')), os.stat(p).st_size, isinstance(p, os.PathLike))
with open(p) as f:
    print(f.read().strip(), f.name)
try:
    open(Path('data/missing'))
except FileNotFoundError as e:
    print(e, repr(e.filename))
print(Path('/a b/ü%').as_uri(), Path.from_uri('file:///x%20y/z'))
try:
    Path('rel').as_uri()
except ValueError as e:
    print('ValueError', e)
