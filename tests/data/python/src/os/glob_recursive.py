import glob
import os

os.makedirs("site/blog/2024")
os.makedirs("site/.cache")
for f in ["site/index.html", "site/blog/post.html", "site/blog/2024/jan.html",
          "site/.cache/x.html", "site/blog/style.css"]:
    open(f, "w").close()
print(sorted(glob.glob("site/**/*.html", recursive=True)))
print(sorted(glob.glob("site/**/*.html")))
print(sorted(glob.glob("site/**", recursive=True)))
print(sorted(glob.glob("site/**/", recursive=True)))
print(sorted(glob.glob("**/*.css", recursive=True)))
print(sorted(glob.glob("site/**/*.html", recursive=True, include_hidden=True)))
