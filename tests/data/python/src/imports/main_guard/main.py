import tool
print("main.py __name__ =", __name__)
print("tool reports", tool.whoami())
if __name__ == "__main__":
    print("running as script")
