from pathlib import PurePath, PurePosixPath
for s in ['a//b', '/a/./b/', '//srv/x', '///x', '.', '', 'a/../b', './x/.']:
    p = PurePath(s)
    print(repr(s), str(p), repr(p), p.parts)
print(PurePath('a', 'b', 'c'), PurePath('a', '/b', 'c'), PurePath(PurePath('x'), 'y'))
print(PurePosixPath(), PurePath('a', ''))
