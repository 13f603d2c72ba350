def compute():
    import helper
    return helper.VALUE * 2

print("helper" in dir())
print(compute())
import sys
print("helper" in sys.modules)
