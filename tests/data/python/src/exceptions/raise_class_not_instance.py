class Oops(Exception):
    pass

try:
    raise Oops
except Oops as e:
    print("caught", repr(e), e.args)
raise Oops
