import sys
for i in range(5):
    sys.stdout.write(str(i))
    sys.stdout.write(" ")
sys.stdout.write("\n")
sys.stdout.write("no trailing newline")
