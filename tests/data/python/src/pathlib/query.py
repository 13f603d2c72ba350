from pathlib import Path
Path('d').mkdir()
Path('d/f.txt').write_text('abc')
for s in ['d', 'd/f.txt', 'nope', 'd/f.txt/x']:
    p = Path(s)
    print(s, p.exists(), p.is_file(), p.is_dir(), p.is_symlink())
print(Path('d/f.txt').stat().st_size, Path('d/f.txt').lstat().st_size)
print(Path('d/f.txt').samefile('d/../d/f.txt'), Path('d').is_mount(), Path('d').is_fifo())
try:
    Path('nope').stat()
except FileNotFoundError as e:
    print('FileNotFoundError', e)
try:
    Path('d').owner()
except NotImplementedError as e:
    print(type(e).__name__, e)
