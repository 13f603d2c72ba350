import os

errors = []
result = list(os.walk("does_not_exist", onerror=errors.append))
print(result)
print(len(errors), type(errors[0]).__name__)
print(errors[0].filename)
print(list(os.walk("also_missing")))
