def greet:
    print("hi")
