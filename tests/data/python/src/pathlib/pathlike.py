import os
class Spot:
    def __init__(self, p):
        self.p = p
    def __fspath__(self):
        return self.p
class NoPath:
    pass
print(isinstance(Spot('x'), os.PathLike), isinstance('x', os.PathLike), isinstance(NoPath(), os.PathLike))
print(issubclass(Spot, os.PathLike), os.fspath(Spot('a/b')))
with open(Spot('f.txt'), 'w') as f:
    f.write('ok')
with open(b'f.txt') as f:
    print(f.read())
print(os.path.getsize(Spot('f.txt')), os.path.basename(Spot('d/f.txt')))
try:
    open(NoPath())
except TypeError as e:
    print('TypeError', e)
try:
    open(b'missing.txt')
except FileNotFoundError as e:
    print('FileNotFoundError', e)
