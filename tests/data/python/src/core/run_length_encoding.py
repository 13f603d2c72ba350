def encode(s):
    if not s:
        return ""
    out, prev, n = [], s[0], 1
    for ch in s[1:]:
        if ch == prev:
            n += 1
        else:
            out.append(f"{n}{prev}")
            prev, n = ch, 1
    out.append(f"{n}{prev}")
    return "".join(out)

def decode(s):
    out, num = [], ""
    for ch in s:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * int(num))
            num = ""
    return "".join(out)

for s in ["aaabccdddd", "abc", "", "zzzzzzzzzzzz"]:
    e = encode(s)
    print(repr(s), "->", repr(e), decode(e) == s)
