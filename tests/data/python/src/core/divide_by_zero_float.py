def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError as e:
        return f"error: {e}"

print(safe_div(1, 0), safe_div(1.0, 0.0), safe_div(5, 2))
try:
    10 // 0
except ZeroDivisionError as e:
    print(e)
try:
    10 % 0
except ZeroDivisionError as e:
    print(e)
print(divmod(7.5, 2))
1.5 % 0
