def worker():
    while True:
        try:
            job = yield
            print("working on", job)
        except ValueError as e:
            print("recovered from", e)

w = worker()
next(w)
w.send("job1")
w.throw(ValueError("bad job"))
w.send("job2")
try:
    w.throw(KeyError("fatal"))
except KeyError as e:
    print("propagated", repr(e))
