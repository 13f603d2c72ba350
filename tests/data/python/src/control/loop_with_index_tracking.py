temps = [12, 15, 11, 18, 21, 19, 25, 24]
best_gain, best_i = 0, None
for i in range(1, len(temps)):
    gain = temps[i] - temps[i - 1]
    if gain > best_gain:
        best_gain, best_i = gain, i
print(best_gain, best_i)
streak = longest = 1
for prev, cur in zip(temps, temps[1:]):
    streak = streak + 1 if cur > prev else 1
    longest = max(longest, streak)
print("longest rising streak:", longest)
