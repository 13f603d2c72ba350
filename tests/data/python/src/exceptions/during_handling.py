def cleanup(resource):
    raise RuntimeError(f"failed to close {resource}")

def process():
    try:
        {}["missing"]
    except KeyError:
        cleanup("db")

process()
