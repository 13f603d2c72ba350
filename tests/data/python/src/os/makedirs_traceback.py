import os

os.makedirs("out/reports")
print("created")
os.makedirs("out/reports")
