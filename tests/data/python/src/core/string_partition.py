for line in ["key=value", "novalue", "a=b=c", "=lead"]:
    k, sep, v = line.partition("=")
    print(repr(k), repr(sep), repr(v))
print("path/to/file.txt".rpartition("/"))
print("file.tar.gz".rpartition("."))
print("hello".removeprefix("he"), "hello".removesuffix("lo"), "hello".removeprefix("x"))
print("a\tb\tc".expandtabs(4), "x".join("abc"))
print("one two three".split(" ", 1), "  lead".split(" "))
