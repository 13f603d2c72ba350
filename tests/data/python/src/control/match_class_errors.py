class Plain:
    pass

class ListArgs:
    __match_args__ = ["x"]

class IntArgs:
    __match_args__ = (1,)

class Two:
    __match_args__ = ("x",)
    x = 1

def attempt(label, subject, kind):
    try:
        match subject:
            case Plain(1) if kind == 0:
                print("matched plain")
            case ListArgs(1) if kind == 1:
                print("matched listargs")
            case IntArgs(1) if kind == 2:
                print("matched intargs")
            case Two(1, x=1) if kind == 3:
                print("matched two")
            case int(1, 2) if kind == 4:
                print("matched int")
            case _:
                print(label, "no match")
    except TypeError as e:
        print(label, "TypeError:", e)

attempt("plain", Plain(), 0)
attempt("listargs", ListArgs(), 1)
attempt("intargs", IntArgs(), 2)
attempt("two", Two(), 3)
attempt("int", 5, 4)
attempt("not instance", "s", 0)
notaclass = len
try:
    match 3:
        case notaclass():
            pass
except TypeError as e:
    print("TypeError:", e)
