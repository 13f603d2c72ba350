import json
import sys

STATE = "state.json"

def load_state():
    try:
        with open(STATE) as f:
            return json.load(f)
    except FileNotFoundError:
        return {"runs": 0, "history": []}
    except json.JSONDecodeError as e:
        print(f"corrupt state: {e}", file=sys.stderr)
        return {"runs": 0, "history": []}

for step in ["init", "build", "test"]:
    state = load_state()
    state["runs"] += 1
    state["history"].append(step)
    with open(STATE, "w") as f:
        json.dump(state, f, sort_keys=True)
print(open(STATE).read())
with open(STATE, "w") as f:
    f.write('{"runs": ')
print(load_state())
