import csv

print(sorted(csv.list_dialects()))
csv.register_dialect("pipes", delimiter="|", quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
d = csv.get_dialect("pipes")
print(d.delimiter, repr(d.quotechar), d.doublequote, d.skipinitialspace, repr(d.lineterminator), d.quoting, d.escapechar, d.strict)
print(list(csv.reader(["a|b|'c'"], "pipes")))

class Semi(csv.Dialect):
    delimiter = ";"
    quotechar = "'"
    doublequote = True
    skipinitialspace = True
    lineterminator = "\n"
    quoting = csv.QUOTE_MINIMAL

csv.register_dialect("semi", Semi)
print(list(csv.reader(["a; 'b;c'; d"], "semi")), list(csv.reader(["x;y"], Semi)))
e = csv.get_dialect("excel")
print(repr(e.delimiter), repr(e.lineterminator), e.quoting == csv.QUOTE_MINIMAL)
u = csv.get_dialect("unix")
print(repr(u.lineterminator), u.quoting == csv.QUOTE_ALL, csv.excel_tab.delimiter == "\t")
csv.unregister_dialect("pipes")
print(sorted(csv.list_dialects()))
print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE, csv.QUOTE_STRINGS, csv.QUOTE_NOTNULL)
old = csv.field_size_limit()
print(old, csv.field_size_limit(10), csv.field_size_limit())
try:
    list(csv.reader(["a" * 11]))
except csv.Error as e:
    print("csv.Error:", e)
csv.field_size_limit(old)
print(list(csv.reader(["1,2.5,'x'"], quoting=csv.QUOTE_NONNUMERIC, quotechar="'")))
print(list(csv.reader(['1,,"",x'], quoting=csv.QUOTE_NOTNULL)), list(csv.reader(['1,,"","x"'], quoting=csv.QUOTE_STRINGS)))
w = csv.writer(open("t.csv", "w"), "semi")
print(w.dialect.delimiter, csv.reader([], "semi").dialect.quotechar)
