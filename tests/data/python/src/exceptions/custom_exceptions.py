class AppError(Exception):
    """Base error."""

class ConfigError(AppError):
    def __init__(self, key, reason):
        super().__init__(f"{key}: {reason}")
        self.key = key

class NetworkError(AppError):
    pass

def load(kind):
    if kind == "config":
        raise ConfigError("port", "must be an int")
    if kind == "net":
        raise NetworkError("timeout", 30)
    return "ok"

for kind in ["config", "net", "fine"]:
    try:
        print(load(kind))
    except ConfigError as e:
        print("config problem:", e, "| key =", e.key)
    except AppError as e:
        print("app problem:", type(e).__name__, e, e.args)
raise ConfigError("host", "missing")
