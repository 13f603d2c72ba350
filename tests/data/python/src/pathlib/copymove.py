import os
from pathlib import Path
os.makedirs('s/d')
Path('s/a').write_text('A'); Path('s/d/b').write_text('B')
print(repr(Path('s/a').copy('c1')), Path('c1').read_text())
print(Path('s').copy('c2'), sorted(str(p) for p in Path('c2').rglob('*')))
try:
    Path('s').copy('c2')
except FileExistsError as e:
    print('FileExistsError', e)
Path('dd').mkdir()
print(Path('s/a').copy_into('dd'), os.listdir('dd'))
print(Path('c1').move('m1'), Path('c1').exists(), Path('m1').move_into('dd'))
print(Path('c2').move('dd/c2'), sorted(os.listdir('dd')))
try:
    Path('nope').copy('x')
except FileNotFoundError as e:
    print('FileNotFoundError', e)
