from pathlib import PurePath
for s in ['/usr/lib/x.tar.gz', 'a/.bashrc', 'foo.', 'a..b', '..', 'noext', '/']:
    p = PurePath(s)
    print(repr(s), repr(p.name), repr(p.stem), repr(p.suffix), p.suffixes)
    print('  ', repr(p.anchor), repr(p.root), repr(p.drive), p.parent)
