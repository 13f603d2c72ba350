import json

s = "café ☕ naïve 😀 \u2028 tab\t quote\" backslash\\ slash/"
print(json.dumps(s))
print(json.dumps(s, ensure_ascii=False))
print(json.loads(json.dumps(s)) == s)
print(json.dumps({"ключ": "значение"}))
print(json.dumps({"ключ": "значение"}, ensure_ascii=False))
print(json.loads('"\\u00e9\\ud83d\\ude00\\n"'))
print(json.dumps("\x00\x1f\x7f"))
