_handlers = {}

def register(name):
    def deco(fn):
        _handlers[name] = fn
        return fn
    return deco

def names():
    return sorted(_handlers)

def run_all(x):
    return {n: f(x) for n, f in sorted(_handlers.items())}
