def log_call(fn):
    def wrapper(*args, **kwargs):
        parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
        print(f"call {fn.__name__}({', '.join(parts)})")
        return fn(*args, **kwargs)
    return wrapper

@log_call
def make_user(name, age=0, *, admin=False):
    return {"name": name, "age": age, "admin": admin}

print(make_user("zoe"))
print(make_user("yan", 33, admin=True))
make_user()
