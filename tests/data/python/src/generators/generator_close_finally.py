def resource():
    print("open")
    try:
        for i in range(5):
            yield i
    finally:
        print("cleanup")

g = resource()
print(next(g), next(g))
g.close()
print("after close")
for x in resource():
    if x == 1:
        break
print("after break")
