def work():
    try:
        print("working")
        raise ConnectionError("lost connection")
    finally:
        print("finally: releasing lock")

work()
