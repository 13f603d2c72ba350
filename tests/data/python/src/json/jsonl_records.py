import json

records = [{"id": i, "ok": i % 2 == 0, "score": i * 1.5} for i in range(5)]
with open("records.jsonl", "w") as f:
    for r in records:
        f.write(json.dumps(r) + "\n")
total = 0.0
bad = 0
with open("records.jsonl", "a") as f:
    f.write("{broken\n")
with open("records.jsonl") as f:
    for lineno, line in enumerate(f, 1):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            print(f"line {lineno}: {e}")
            bad += 1
            continue
        total += rec["score"]
print(total, bad)
