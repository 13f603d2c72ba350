import json

def parse_response(body):
    return json.loads(body)

print(parse_response('{"ok": true}'))
print(parse_response("<html>error</html>"))
