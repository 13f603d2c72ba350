import sys
print(sys.argv)
sys.argv.append("added")
sys.argv[0] = "renamed"
print(sys.argv)
