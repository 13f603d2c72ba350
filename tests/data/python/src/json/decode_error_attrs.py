import json

doc = '{\n  "name": "x",\n  "count": 12,\n  "items": [1, 2,, 3]\n}'
try:
    json.loads(doc)
except ValueError as e:
    print(type(e).__name__, isinstance(e, json.JSONDecodeError))
    print(e)
    print(e.msg, e.pos, e.lineno, e.colno)
    print(repr(e.doc[e.pos - 5:e.pos + 5]))
    print(e.args)
print(json.JSONDecodeError.__mro__[1].__name__)
print(json.JSONDecodeError.__module__)
err = json.JSONDecodeError("Custom", "abc\ndef", 5)
print(err, err.lineno, err.colno)
