import os, tempfile
from pathlib import Path
with tempfile.TemporaryDirectory() as name:
    print(type(name).__name__, os.path.isdir(name), name.startswith('/tmp/tmp'))
    p = Path(name) / 'sub' / 'f.txt'
    p.parent.mkdir()
    p.write_text('data')
    print(sorted(x.name for x in Path(name).rglob('*')))
print(os.path.exists(name))
t = tempfile.TemporaryDirectory(prefix='keep', delete=False)
with t as n2:
    pass
print(os.path.isdir(n2), repr(t).startswith("<TemporaryDirectory '/tmp/keep"))
t.cleanup()
t.cleanup()
print(os.path.exists(n2))
