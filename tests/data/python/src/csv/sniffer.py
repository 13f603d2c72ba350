import csv

samples = [
    "name,age,city\nAlice,30,Paris\nBob,25,Rome\n",
    "a;b;c\n1;2;3\n4;5;6\n",
    "id\tvalue\n1\t10\n2\t20\n",
    'name,quote\n"Smith, J","Hello"\n"Doe","World, ""big"""\n',
    "x|y|z\n1|2|3\n",
    "col1: col2\nv1: v2\n",
]
for s in samples:
    d = csv.Sniffer().sniff(s)
    print(repr(d.delimiter), repr(d.quotechar), d.doublequote, d.skipinitialspace)
    print("  header:", csv.Sniffer().has_header(s))
d = csv.Sniffer().sniff("a,b;c\n1,2;3\n", delimiters=";")
print(repr(d.delimiter))
try:
    csv.Sniffer().sniff("justoneword")
except csv.Error as e:
    print("csv.Error:", e)
print(csv.Sniffer().has_header("1,2\n3,4\n5,6\n"))
sample = "date,amount\n2024-01-01,10.5\n2024-01-02,7\n"
dialect = csv.Sniffer().sniff(sample)
print(list(csv.reader(sample.splitlines(), dialect)))
