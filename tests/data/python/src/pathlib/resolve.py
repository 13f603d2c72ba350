import os
from pathlib import Path
Path('d').mkdir()
Path('d/f').write_text('x')
print(Path.cwd() == Path(os.getcwd()), Path('x').absolute() == Path.cwd() / 'x')
print(Path('d/../d/f').resolve() == Path.cwd() / 'd' / 'f', Path('/').absolute())
print(Path('.').absolute() == Path.cwd(), Path('/a/b').is_absolute(), Path('a').is_absolute())
try:
    Path('nope').resolve(strict=True)
except FileNotFoundError as e:
    print('FileNotFoundError', e.filename == str(Path.cwd() / 'nope'))
print(Path('~').expanduser() == Path.home(), Path('~/x').expanduser().name, Path('/~').expanduser())
