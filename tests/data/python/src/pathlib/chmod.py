import stat
from pathlib import Path
p = Path('s.sh')
p.write_text('echo hi\n')
p.chmod(0o755)
print(oct(stat.S_IMODE(p.stat().st_mode)))
p.chmod(0o600)
print(oct(stat.S_IMODE(p.stat().st_mode)), stat.filemode(p.stat().st_mode))
