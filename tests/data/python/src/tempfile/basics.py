import os, tempfile
print(tempfile.gettempdir(), tempfile.gettempprefix(), tempfile.gettempdirb())
d = tempfile.mkdtemp()
print(os.path.isdir(d), os.path.dirname(d), os.path.basename(d).startswith('tmp'), len(os.path.basename(d)))
print(oct(os.stat(d).st_mode & 0o777), os.path.isabs(d))
d2 = tempfile.mkdtemp(suffix='.work', prefix='job-', dir='.')
print(os.path.basename(d2).startswith('job-'), d2.endswith('.work'), os.path.dirname(d2) == os.getcwd())
print(d != tempfile.mkdtemp())
os.rmdir(d2)
