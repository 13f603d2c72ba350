import re

for repl in [r"\2", r"\g<x>", r"\g<1", "\\", r"\q", r"\g<>", r"\g<1a>"]:
    try:
        print(re.sub(r"(a)", repl, "a"))
    except re.error as e:
        print("error:", e)
    except IndexError as e:
        print("IndexError:", e)
print(re.sub("a", r"\.", "a"), re.sub("a", r"\t|", "a") == "\t|")
print(re.sub("(a)", r"\g<0>\g<1>\1", "xa"))
