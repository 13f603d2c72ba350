def f():
    try:
        return "try"
    finally:
        print("cleanup before return")

def g():
    for i in range(3):
        try:
            if i == 1:
                continue
            print("body", i)
        finally:
            print("finally", i)
    return "done"

print(f())
print(g())
