from pathlib import Path
p = Path('notes.txt')
print(p.write_text('line1\nline2\n'), p.read_text().splitlines())
print(Path('b.bin').write_bytes(b'\x00\x01ab'), Path('b.bin').read_bytes())
with p.open('a') as f:
    f.write('line3\n')
with p.open() as f:
    print(f.readlines())
try:
    p.write_text(b'bytes')
except TypeError as e:
    print('TypeError', e)
try:
    p.write_bytes('str')
except TypeError as e:
    print('TypeError', e)
try:
    Path('nope.txt').read_text()
except FileNotFoundError as e:
    print('FileNotFoundError', e)
try:
    Path('.').read_text()
except IsADirectoryError as e:
    print('IsADirectoryError', e)
