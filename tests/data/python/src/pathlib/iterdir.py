from pathlib import Path
for n in ['b.txt', 'a.py', '.hidden']:
    Path(n).touch()
Path('sub').mkdir()
print(sorted(Path('.').iterdir()))
print(sorted(p.name for p in Path('sub').iterdir()))
print(sorted(p for p in Path('.').iterdir() if p.is_file() and p.suffix == '.py'))
try:
    Path('nope').iterdir()
except FileNotFoundError as e:
    print('FileNotFoundError', e)
