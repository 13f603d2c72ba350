counter = 0
def bump():
    counter = 1
    global counter
