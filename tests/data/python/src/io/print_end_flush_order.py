import sys
for i in range(3):
    print(i, end=" ", flush=True)
print()
sys.stdout.write("A")
print("B", end="")
sys.stdout.write("C\n")
print("done", file=sys.stdout)
