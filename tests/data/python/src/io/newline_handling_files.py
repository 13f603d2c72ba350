with open("crlf.txt", "wb") as f:
    f.write(b"one\r\ntwo\rthree\nfour")
with open("crlf.txt") as f:
    print(repr(f.read()))
with open("crlf.txt", newline="") as f:
    print(repr(f.read()))
with open("crlf.txt") as f:
    print(f.readlines())
with open("w.txt", "w", newline="\r\n") as f:
    f.write("a\nb\n")
with open("w.txt", "rb") as f:
    print(f.read())
