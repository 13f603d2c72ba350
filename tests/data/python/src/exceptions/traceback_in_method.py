class Parser:
    def __init__(self, text):
        self.text = text
    def parse(self):
        return [self.parse_field(f) for f in self.text.split(";")]
    def parse_field(self, field):
        key, value = field.split("=")
        return key, float(value)

print(Parser("a=1;b=2.5").parse())
Parser("a=1;b=x").parse()
