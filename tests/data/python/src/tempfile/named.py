import os, tempfile
with tempfile.NamedTemporaryFile('w', suffix='.py', dir='.') as f:
    f.write('print(1)\n')
    f.flush()
    print(f.name.endswith('.py'), os.path.dirname(f.name) == os.getcwd(), os.path.exists(f.name))
    print(open(f.name).read().strip())
print(os.path.exists(f.name))
f = tempfile.NamedTemporaryFile('w', delete=False)
f.write('keep')
f.close()
print(open(f.name).read(), f.name.startswith('/tmp/tmp'))
os.unlink(f.name)
with tempfile.NamedTemporaryFile('wb', delete_on_close=False) as g:
    g.write(b'abc')
    g.close()
    print(open(g.name, 'rb').read())
print(os.path.exists(g.name))
