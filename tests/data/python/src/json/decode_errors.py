import json

bad_docs = [
    "",
    "{",
    "[1, 2",
    '{"a": 1,}',
    "[1,]",
    "{'a': 1}",
    '{"a" 1}',
    '{"a": 1 "b": 2}',
    "[1] [2]",
    '"unterminated',
    "tru",
    '{"a": }',
    "\n\n  [1,\n  x]",
]
for doc in bad_docs:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(f"{doc!r}: {e.msg} | line {e.lineno} col {e.colno} pos {e.pos}")
