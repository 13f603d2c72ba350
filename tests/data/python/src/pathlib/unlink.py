from pathlib import Path
p = Path('f.txt')
p.touch()
p.touch()
try:
    p.touch(exist_ok=False)
except FileExistsError as e:
    print('FileExistsError', e)
p.unlink()
try:
    p.unlink()
except FileNotFoundError as e:
    print('FileNotFoundError', e)
p.unlink(missing_ok=True)
print(p.exists())
