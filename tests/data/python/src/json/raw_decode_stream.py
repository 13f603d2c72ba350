import json

stream = '{"a": 1} {"b": [2, 3]}  [4]\n"five"'
decoder = json.JSONDecoder()
pos = 0
items = []
while pos < len(stream):
    while pos < len(stream) and stream[pos].isspace():
        pos += 1
    if pos >= len(stream):
        break
    obj, pos = decoder.raw_decode(stream, pos)
    items.append(obj)
print(items)
print(decoder.raw_decode('[1, 2] trailing'))
try:
    decoder.decode('[1, 2] trailing')
except json.JSONDecodeError as e:
    print(e)
