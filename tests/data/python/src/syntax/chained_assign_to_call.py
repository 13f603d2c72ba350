def get():
    return 1
x = get() = 5
