def grade(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    elif score >= 60:
        return "D"
    else:
        return "F"

scores = {"amy": 95, "bo": 83, "cal": 71, "dee": 65, "eli": 40}
for name, s in scores.items():
    print(f"{name}: {s} {grade(s)}")
if not scores:
    print("none")
elif len(scores) > 3 and "amy" in scores:
    print("many including amy")
