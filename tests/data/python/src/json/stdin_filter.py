import json
import sys

events = json.load(sys.stdin)
errors = [e for e in events if e["level"] == "error"]
summary = {"total": len(events), "errors": len(errors), "messages": [e["msg"] for e in errors]}
json.dump(summary, sys.stdout, indent=2)
print()
