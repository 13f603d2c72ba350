DEBUG = False
_values = {"name": "demo"}

def get(key):
    return _values[key]
