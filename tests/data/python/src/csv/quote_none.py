import csv
import io

data = 'a,"b",c\n"x"y,z\n'
print(list(csv.reader(io.StringIO(data), quoting=csv.QUOTE_NONE)))
print(list(csv.reader(io.StringIO('a\\,b,c\n'), quoting=csv.QUOTE_NONE, escapechar="\\")))
print(list(csv.reader(['a,"b\\"c",d'], escapechar="\\")), list(csv.reader(['"a\\\nb"'], escapechar="\\")))
print(list(csv.reader(['"a""b",c'], doublequote=False)))
print(list(csv.reader(['  a,  b'], skipinitialspace=True)), list(csv.reader(['a , b '])))
out = io.StringIO()
w = csv.writer(out, quoting=csv.QUOTE_NONE, escapechar="$", lineterminator=";")
w.writerow(["a,b", "c$d", 'e"f', "plain"])
w.writerow(["line\nbreak"])
print(out.getvalue())
out = io.StringIO()
csv.writer(out, quotechar="'", lineterminator="\n").writerows([["it's", "ok"], ["a'b", 'c"d']])
print(out.getvalue(), end="")
