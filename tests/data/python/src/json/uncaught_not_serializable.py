import json

report = {"name": "run-1", "seen": {1, 2, 3}}
print(json.dumps(report))
