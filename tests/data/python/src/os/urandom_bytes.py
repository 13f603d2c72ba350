import os

b = os.urandom(16)
print(type(b).__name__, len(b))
print(len(os.urandom(0)), len(os.urandom(100)))
token = os.urandom(8).hex()
print(len(token), all(c in "0123456789abcdef" for c in token))
try:
    os.urandom(-1)
except ValueError as e:
    print(e)
