GREETING = "hi from helpers"

def double(x):
    return x * 2

def boom():
    raise ValueError("from helper")
