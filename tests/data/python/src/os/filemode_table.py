import stat

modes = [0o100644, 0o100755, 0o040755, 0o120777, 0o104755, 0o102755, 0o041777,
         0o041776, 0o020666, 0o060660, 0o010644, 0o140755, 0o100000, 0o4000, 0]
for m in modes:
    print(oct(m), stat.filemode(m))
print(stat.S_ISLNK(0o120777), stat.S_ISCHR(0o020666), stat.S_ISBLK(0o060660))
print(stat.S_ISFIFO(0o010644), stat.S_ISSOCK(0o140755))
print(stat.S_IMODE(0o104755) == 0o4755, stat.S_IFMT(0o104755) == stat.S_IFREG)
print(stat.S_IRWXU, stat.S_IRWXG, stat.S_IRWXO, stat.S_ISUID, stat.S_ISVTX)
