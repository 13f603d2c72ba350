print("counter module executing")
value = 0

def bump():
    global value
    value += 1
