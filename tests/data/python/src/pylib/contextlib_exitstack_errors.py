from contextlib import ExitStack

def fail(msg):
    raise RuntimeError(msg)

try:
    with ExitStack() as stack:
        stack.callback(print, "cleanup 1")
        stack.callback(fail, "cleanup 2 failed")
        stack.callback(print, "cleanup 3")
        raise ValueError("body failed")
except RuntimeError as e:
    print("got", repr(e), "context:", repr(e.__context__))

try:
    ExitStack().enter_context(42)
except TypeError as e:
    print("TypeError:", e)

class Plain:
    pass
try:
    with ExitStack() as s:
        s.enter_context(Plain())
except TypeError as e:
    print("TypeError:", e)
