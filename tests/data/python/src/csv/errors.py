import csv

tests = [
    lambda: list(csv.reader([b"a,b"])),
    lambda: list(csv.reader([1])),
    lambda: list(csv.reader(['"a"b'], strict=True)),
    lambda: list(csv.reader(['"open'], strict=True)),
    lambda: list(csv.reader(["a\rb"])),
    lambda: csv.writer(open("x.csv", "w"), quoting=csv.QUOTE_NONE).writerow(["a,b"]),
    lambda: csv.writer(open("x.csv", "w"), quoting=csv.QUOTE_NONE).writerow([""]),
    lambda: csv.writer(open("x.csv", "w")).writerow(5),
    lambda: csv.reader([], delimiter="::"),
    lambda: csv.reader([], delimiter=None),
    lambda: csv.reader([], quotechar="ab"),
    lambda: csv.reader([], quoting=99),
    lambda: csv.reader([], lineterminator=5),
    lambda: csv.reader([], quotechar=None).dialect.quoting,
    lambda: csv.reader([], quotechar=None, quoting=csv.QUOTE_ALL),
    lambda: csv.reader([], delimiter='"'),
    lambda: csv.get_dialect("nope"),
    lambda: csv.unregister_dialect("nope"),
    lambda: csv.writer(5),
    lambda: list(csv.reader(["1,abc"], quoting=csv.QUOTE_NONNUMERIC)),
    lambda: csv.reader([], bogus=1),
]
for t in tests:
    try:
        print("ok", t())
    except csv.Error as e:
        print("csv.Error:", e)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(csv.Error.__module__, issubclass(csv.Error, Exception))
list(csv.reader(["x"], strict=True, quotechar="x"))
next(csv.reader(['"never closed'], strict=True))
