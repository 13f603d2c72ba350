import json

print(json.loads("  \n\t {\"a\" :\r\n [ 1 , 2 ] }  \n"))
print(json.loads(" 7 "))
print(json.loads('""'), json.loads("[]"), json.loads("{}"))
for doc in ["   ", "\n", "[1]\n\nx"]:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(repr(doc), e)
