import json

docs = ['"a\\qb"', '"\\u12"', '"\\uZZZZ"', '"line\nbreak"', '"tab\there"', '"abc\\', '["ok", "bad\\x"]']
for d in docs:
    try:
        print(repr(json.loads(d)))
    except json.JSONDecodeError as e:
        print(repr(d), "->", e)
print(repr(json.loads('"tab\there"', strict=False)))
