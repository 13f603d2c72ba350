transitions = {
    ("idle", "start"): "running",
    ("running", "pause"): "paused",
    ("paused", "resume"): "running",
    ("running", "stop"): "idle",
    ("paused", "stop"): "idle",
}
state = "idle"
for event in ["start", "pause", "pause", "resume", "stop", "resume"]:
    nxt = transitions.get((state, event))
    if nxt is None:
        print(f"{state:8} --{event}--> (ignored)")
        continue
    print(f"{state:8} --{event}--> {nxt}")
    state = nxt
print("final:", state)
