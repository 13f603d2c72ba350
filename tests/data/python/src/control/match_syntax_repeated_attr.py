class P:
    pass

match P():
    case P(a=1, a=2):
        pass
