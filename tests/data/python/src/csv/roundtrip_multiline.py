import csv

records = [
    ["id", "comment"],
    ["1", "first line\nsecond line"],
    ["2", 'quote " inside'],
    ["3", "tab\there, comma, and\r\ncrlf"],
    ["4", ""],
]
with open("notes.csv", "w", newline="") as f:
    csv.writer(f).writerows(records)
raw = open("notes.csv", newline="").read()
print(repr(raw))
with open("notes.csv", newline="") as f:
    r = csv.reader(f)
    back = []
    for row in r:
        back.append(row)
        print(r.line_num, row)
print(back == records)
with open("notes.csv") as f:
    try:
        print(list(csv.reader(f)))
    except csv.Error as e:
        print("csv.Error:", e)
