import json

payload = '{"status": "ok", "items": [1, 2, 3'
data = json.loads(payload)
print(data)
