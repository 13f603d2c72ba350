for key in ["simple", "", "with 'quote'", 42, (1, 2), None]:
    try:
        {}[key]
    except KeyError as e:
        print(repr(str(e)), repr(e), e.args)
{}["multi\nline"]
