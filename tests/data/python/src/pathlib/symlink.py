from pathlib import Path
Path('target.txt').write_text('T')
Path('link').symlink_to('target.txt')
print(Path('link').is_symlink(), Path('link').is_file(), Path('link').readlink())
print(Path('link').read_text(), Path('link').resolve().name, Path('link').samefile('target.txt'))
Path('dangling').symlink_to('nowhere')
print(Path('dangling').exists(), Path('dangling').exists(follow_symlinks=False), Path('dangling').is_symlink())
print(Path('link').lstat().st_size, Path('link').stat().st_size)
