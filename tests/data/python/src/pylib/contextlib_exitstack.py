from contextlib import ExitStack, contextmanager

@contextmanager
def resource(name, log):
    log.append(f"open {name}")
    yield name
    log.append(f"close {name}")

log = []
with ExitStack() as stack:
    names = [stack.enter_context(resource(n, log)) for n in ("db", "cache", "queue")]
    stack.callback(log.append, "callback ran")
    log.append(f"using {names}")
print("\n".join(log))

log.clear()
with ExitStack() as stack:
    stack.enter_context(resource("tmp", log))
    saved = stack.pop_all()
log.append("stack exited, tmp still open")
saved.close()
print(log)

def on_exit(exc_type, exc, tb):
    print("push handler saw", exc_type.__name__ if exc_type else None)
    return exc_type is ZeroDivisionError

with ExitStack() as stack:
    stack.push(on_exit)
    1 / 0
print("division error swallowed by push handler")
