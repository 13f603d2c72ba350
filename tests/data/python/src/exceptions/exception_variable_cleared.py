try:
    raise ValueError("temp")
except ValueError as err:
    message = str(err)
print(message)
print(err)
