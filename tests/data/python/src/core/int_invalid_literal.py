values = ["12", "3.5", "abc", "", "7"]
total = 0
for v in values:
    try:
        total += int(v)
    except ValueError as e:
        print("skip:", e)
print("total", total)
int("12abc")
