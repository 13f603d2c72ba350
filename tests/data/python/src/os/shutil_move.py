import os
import shutil

with open("draft.txt", "w") as f:
    f.write("draft")
os.mkdir("archive")
print(shutil.move("draft.txt", "archive"))
print(os.listdir("archive"), os.path.exists("draft.txt"))
print(shutil.move("archive/draft.txt", "final.txt"))
os.makedirs("olddir/inner")
print(shutil.move("olddir", "newdir"))
print(os.path.isdir("newdir/inner"), os.path.exists("olddir"))
shutil.move("final.txt", "archive")
with open("final.txt", "w") as f:
    f.write("again")
try:
    shutil.move("final.txt", "archive")
except shutil.Error as e:
    print("Error:", e)
print(sorted(os.listdir("archive")))
