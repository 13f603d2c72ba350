def todo():
    ...

class Empty:
    pass

for _ in range(2):
    pass
print(todo(), Empty.__name__, ..., type(...).__name__, Ellipsis is ...)
if True:
    pass
else:
    print("unreachable")
print("done")
