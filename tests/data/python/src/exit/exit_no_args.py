import sys
def main():
    print("main ran")
    sys.exit()
main()
print("unreachable")
