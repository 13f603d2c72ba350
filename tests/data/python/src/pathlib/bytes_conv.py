import os
from pathlib import PurePath, Path
print(bytes(PurePath('a/b')), bytes(Path('/x/ü')), os.fsencode(Path('q')))
class B:
    def __bytes__(self):
        return b'custom'
class Bad:
    def __bytes__(self):
        return 'str'
print(bytes(B()))
try:
    bytes(Bad())
except TypeError as e:
    print('TypeError', e)
