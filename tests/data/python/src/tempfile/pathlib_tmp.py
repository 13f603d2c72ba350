import tempfile
from pathlib import Path
tmp_path = Path(tempfile.mkdtemp(prefix='pytest-'))
(tmp_path / 'conftest.py').write_text('x = 1\n')
(tmp_path / 'tests').mkdir()
(tmp_path / 'tests' / 'test_a.py').write_text('def test(): pass\n')
print(sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob('*.py')))
print(tmp_path.parent, tmp_path.name.startswith('pytest-'), tmp_path.is_dir())
import shutil
shutil.rmtree(tmp_path)
print(tmp_path.exists())
