from enum import Enum, auto


class State(Enum):
    IDLE = auto()
    RUNNING = auto()
    PAUSED = auto()
    STOPPED = auto()


TRANSITIONS = {
    State.IDLE: {State.RUNNING},
    State.RUNNING: {State.PAUSED, State.STOPPED},
    State.PAUSED: {State.RUNNING, State.STOPPED},
    State.STOPPED: set(),
}


class Machine:
    def __init__(self):
        self.state = State.IDLE
        self.history = [self.state]

    def go(self, new):
        if new not in TRANSITIONS[self.state]:
            raise RuntimeError(f"cannot go from {self.state.name} to {new.name}")
        self.state = new
        self.history.append(new)


m = Machine()
for step in ["RUNNING", "PAUSED", "RUNNING", "STOPPED", "RUNNING"]:
    try:
        m.go(State[step])
        print("now", m.state)
    except RuntimeError as e:
        print("error:", e)
print([s.value for s in m.history])
