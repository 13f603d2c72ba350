def attempt(x):
    try:
        result = 10 / x
    except ZeroDivisionError:
        print("  except: division by zero")
        return "failed"
    else:
        print("  else: no error")
        return result
    finally:
        print("  finally runs")

for v in [2, 0]:
    print("attempt", v)
    print(" ->", attempt(v))
