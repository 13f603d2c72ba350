tests = ["abc", "ABC", "123", "12.5", "abc123", "   ", "", "Hello World", "hello_world"]
for t in tests:
    print(repr(t), t.isalpha(), t.isdigit(), t.isalnum(), t.isspace(), t.isupper(), t.islower(), t.istitle(), t.isidentifier())
