import io

with io.StringIO() as f:
    f.write("line one\n")
    f.writelines(["two\n", "three\n"])
    print(f.getvalue().count("\n"), f.closed)
print(f.closed)
try:
    f.write("late")
except ValueError as e:
    print("error:", e)
