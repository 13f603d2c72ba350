class Serializer:
    formats = {}
    @classmethod
    def register(cls, fmt):
        def deco(sub):
            cls.formats[fmt] = sub
            return sub
        return deco
    @classmethod
    def for_format(cls, fmt):
        try:
            return cls.formats[fmt]()
        except KeyError:
            raise ValueError(f"unsupported format {fmt!r}; known: {sorted(cls.formats)}") from None

@Serializer.register("csv")
class CsvSerializer(Serializer):
    def dump(self, rows):
        return "\n".join(",".join(map(str, r)) for r in rows)

@Serializer.register("tsv")
class TsvSerializer(Serializer):
    def dump(self, rows):
        return "\n".join("\t".join(map(str, r)) for r in rows)

rows = [(1, "a"), (2, "b")]
print(Serializer.for_format("csv").dump(rows))
print(repr(Serializer.for_format("tsv").dump(rows)))
Serializer.for_format("xml")
