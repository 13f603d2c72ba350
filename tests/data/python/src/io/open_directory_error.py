with open("out.txt", "w") as f:
    f.write("ok\n")
try:
    open(".")
except IsADirectoryError as e:
    print("IsADirectoryError:", e)
open("no/such/dir/file.txt", "w")
