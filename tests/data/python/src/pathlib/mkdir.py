from pathlib import Path
Path('a').mkdir()
try:
    Path('a').mkdir()
except FileExistsError as e:
    print('FileExistsError', e)
Path('a').mkdir(exist_ok=True)
try:
    Path('x/y/z').mkdir()
except FileNotFoundError as e:
    print('FileNotFoundError', e)
Path('x/y/z').mkdir(parents=True)
Path('x/y/z').mkdir(parents=True, exist_ok=True)
print(Path('x/y/z').is_dir())
Path('a/f').touch()
try:
    Path('a/f').mkdir(exist_ok=True)
except FileExistsError as e:
    print('FileExistsError', e)
try:
    Path('a').rmdir()
except OSError as e:
    print(type(e).__name__, e)
Path('a/f').unlink()
Path('a').rmdir()
print(Path('a').exists())
