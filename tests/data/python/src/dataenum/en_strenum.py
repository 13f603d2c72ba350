from enum import StrEnum, auto


class Level(StrEnum):
    DEBUG = auto()
    INFO = auto()
    WARNING = "warn"


print(Level.DEBUG, repr(Level.DEBUG), Level.WARNING)
print(Level.INFO == "info", Level("warn"), Level.INFO.upper())
print(f"[{Level.DEBUG}]", "level=" + Level.INFO, f"{Level.INFO:>8}|")
print(sorted(Level), ",".join(Level))
print(isinstance(Level.INFO, str), list(Level.__members__.values()))
try:
    class Bad(StrEnum):
        X = 1
except TypeError as e:
    print("TypeError:", e)
