import os
from pathlib import Path
os.makedirs('t/s/d'); os.makedirs('t/e')
for f in ['t/a.py', 't/.h.py', 't/s/b.py', 't/s/d/c.txt', 't/e/x.py']:
    Path(f).write_text('x')
P = Path('t')
for pat in ['*.py', '**/*.py', '**', '**/', '*/', 's/**/*', '*/*.py', '**/d', 's/../e/*', 'nope/*']:
    print(repr(pat), sorted(map(str, P.glob(pat))))
for pat in ['', '.', '/abs']:
    try:
        list(P.glob(pat))
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
print(sorted(Path('.').glob('t/*.PY', case_sensitive=False)))
