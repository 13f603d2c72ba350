import os
from pathlib import Path
os.makedirs('proj/pkg/sub')
for f in ['proj/setup.py', 'proj/pkg/__init__.py', 'proj/pkg/sub/m.py', 'proj/pkg/sub/data.json']:
    Path(f).write_text('')
print(sorted(str(p) for p in Path('proj').rglob('*.py')))
print(sorted(p.name for p in Path('.').rglob('*.json')))
print(sorted(str(p) for p in Path('proj').rglob('sub')))
print(sorted(str(p.relative_to('proj')) for p in Path('proj').rglob('*') if p.is_dir()))
