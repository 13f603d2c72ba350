def wrap(text, width):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines

text = "The quick brown fox jumps over the lazy dog and keeps running far away"
for w in (10, 20, 30):
    print(f"-- width {w}")
    for l in wrap(text, w):
        print(f"|{l:<{w}}|")
