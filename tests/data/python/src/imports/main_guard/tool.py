print("importing tool, __name__ =", __name__)

def whoami():
    return __name__

if __name__ == "__main__":
    print("tool run directly")
