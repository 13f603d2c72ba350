import re

for args in [(3, "x"), ("a", 5), ("a", None)]:
    try:
        re.search(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print("ValueError:", e)
try:
    re.match("a", "a").group(5)
except IndexError as e:
    print("IndexError:", e)
try:
    re.match("(?P<x>a)", "a").group("y")
except IndexError as e:
    print("IndexError:", e)
try:
    re.compile("a{99999999999}")
except OverflowError as e:
    print("OverflowError:", e)
