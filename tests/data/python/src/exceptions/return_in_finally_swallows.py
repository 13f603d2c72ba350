def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "finally wins"

print(swallow())
def which():
    try:
        return "try"
    finally:
        print("finally sees the pending return")
print(which())
