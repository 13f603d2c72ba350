from enum import Enum, auto


class Cmd(Enum):
    START = auto()
    STOP = auto()
    STATUS = auto()


def handle(cmd):
    match cmd:
        case Cmd.START:
            return "starting"
        case Cmd.STOP | Cmd.STATUS:
            return f"handled {cmd.name.lower()}"
        case _:
            return "unknown"


for word in ["START", "STATUS", "STOP"]:
    print(word, "->", handle(Cmd[word]))
print(handle("START"))
