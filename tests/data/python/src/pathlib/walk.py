import os
from pathlib import Path
os.makedirs('t/s/d'); os.makedirs('t/e')
for f in ['t/a.py', 't/s/b.py', 't/s/d/c.txt', 't/e/x.py']:
    Path(f).write_text('x')
for root, dirs, files in sorted(Path('t').walk()):
    print(root, sorted(dirs), sorted(files))
order = [str(r) for r, d, f in Path('t').walk(top_down=False)]
print(order.index('t/s/d') < order.index('t/s'), order[-1])
for root, dirs, files in Path('t').walk():
    dirs[:] = [d for d in dirs if d != 's']
    print(root)
errs = []
print(list(Path('missing').walk(on_error=errs.append)), type(errs[0]).__name__)
