try:
    raise "string error"
except TypeError as e:
    print("TypeError:", e)
class NotAnError:
    pass
raise NotAnError
