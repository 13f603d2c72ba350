import re

report = """Name: Alice Smith
Age: 34
Email: alice@example.com

Name: Bob Jones
Age: 27
Email: bob@example.org
"""
rec = re.compile(r"^Name: (?P<name>.+)\nAge: (?P<age>\d+)\nEmail: (?P<email>\S+)$", re.M)
people = [m.groupdict() for m in rec.finditer(report)]
for p in people:
    print(f"{p['name']:<12} {int(p['age']):>3} {p['email']}")
print(sum(int(p["age"]) for p in people))
