import csv

lines = ["1,2.5,,x\r\n", "3,,4\n", "\n", "", "5\r", "a|b"]
for q in [csv.QUOTE_MINIMAL, csv.QUOTE_NOTNULL, csv.QUOTE_ALL]:
    print(q, list(csv.reader(lines, quoting=q)))
print(list(csv.reader(["1,2.5,,3\n"], quoting=csv.QUOTE_NONNUMERIC)))
print(list(csv.reader(["1,2.5,,3\n"], quoting=csv.QUOTE_STRINGS)))
print(list(csv.reader(["a|b||c"], delimiter="|")), list(csv.reader(["a b  c"], delimiter=" ")))
try:
    list(csv.reader(["1,x"], quoting=csv.QUOTE_NONNUMERIC))
except ValueError as e:
    print("ValueError:", e)
old = csv.field_size_limit(3)
for line in ["abc,de", "abcd,e"]:
    try:
        print(list(csv.reader([line])))
    except csv.Error as e:
        print("csv.Error:", e)
csv.field_size_limit(old)
r = csv.reader(["a,b\n", "c,d\n", "e\n"])
print([(row, r.line_num) for row in r])
