import csv

with open("data.csv", "w", newline="") as f:
    f.write('name,age,city\r\nAlice,30,"New York, NY"\r\nBob,25,"He said ""hi"""\r\n\r\n"Multi\nline",1,x\r\n')
with open("data.csv", newline="") as f:
    r = csv.reader(f)
    for row in r:
        print(r.line_num, row)
print(list(csv.reader(["a,b,c", "1,,3", ",", ""])))
print(list(csv.reader(["a;b;c"], delimiter=";")), list(csv.reader(["a\tb"], dialect="excel-tab")))
print(list(csv.reader(['a, "b", c'], skipinitialspace=True)), list(csv.reader(['a, "b"'])))
print(list(csv.reader(['x,"unterminated'])), list(csv.reader(['"a"b,c'])))
print(list(csv.reader(["a\\,b,c"], escapechar="\\")), list(csv.reader(["'q,1',2"], quotechar="'")))
