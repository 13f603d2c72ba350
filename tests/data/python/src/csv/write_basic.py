import csv
import io
import sys

buf = io.StringIO()
w = csv.writer(buf)
w.writerow(["id", "name", "note"])
w.writerow([1, "Alice", "likes, commas"])
w.writerow([2, 'Bob "B"', "multi\nline"])
w.writerow([3.5, None, ""])
w.writerow([""])
w.writerows([[True, False], [10**20, -0.0]])
print(repr(buf.getvalue()))
out = csv.writer(sys.stdout, lineterminator="\n")
print(out.writerow(["a", "b c", " lead"]))
csv.writer(sys.stdout, delimiter="|", lineterminator="\n").writerow(["x|y", "z"])
csv.writer(sys.stdout, quoting=csv.QUOTE_ALL, lineterminator="\n").writerow([1, "a", None])
csv.writer(sys.stdout, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n").writerow([1, 2.5, "a", None])
csv.writer(sys.stdout, quoting=csv.QUOTE_STRINGS, lineterminator="\n").writerow([1, "a", None, ""])
csv.writer(sys.stdout, quoting=csv.QUOTE_NOTNULL, lineterminator="\n").writerow([1, "a", None, ""])
csv.writer(sys.stdout, quoting=csv.QUOTE_NONE, escapechar="\\", lineterminator="\n").writerow(["a,b", 'q"'])
csv.writer(sys.stdout, doublequote=False, escapechar="\\", lineterminator="\n").writerow(['say "x"'])
csv.writer(sys.stdout, dialect="unix").writerow(["u", 1])
