class Foo
    pass
