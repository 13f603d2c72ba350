def order():
    log = []
    try:
        log.append("try")
        try:
            log.append("inner try")
            raise ValueError("x")
        except ValueError:
            log.append("inner except")
            raise TypeError("y")
        finally:
            log.append("inner finally")
    except TypeError as e:
        log.append(f"outer except {e}")
    else:
        log.append("outer else")
    finally:
        log.append("outer finally")
    return log

print(order())
