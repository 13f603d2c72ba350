from pathlib import Path, PurePosixPath
class MyPath(PurePosixPath):
    def shout(self):
        return str(self).upper()
p = MyPath('a/b.txt')
print(repr(p), repr(p.parent), type(p / 'c').__name__, p.shout())
print(repr(p.with_suffix('.md')), type(p.parents[0]).__name__)
class Tagged(Path):
    def __init__(self, *args, tag='x'):
        super().__init__(*args)
        self.tag = tag
    def with_segments(self, *args):
        return type(self)(*args, tag=self.tag)
t = Tagged('q', tag='T')
print((t / 'r').tag, repr(t.parent), t.parent.tag)
