from pathlib import Path
Path('old.txt').write_text('x')
new = Path('old.txt').rename('new.txt')
print(repr(new), Path('old.txt').exists(), new.read_text())
Path('d').mkdir()
r = new.replace(Path('d/moved.txt'))
print(r, sorted(p.name for p in Path('d').iterdir()))
try:
    Path('missing').rename('other')
except FileNotFoundError as e:
    print('FileNotFoundError', e)
