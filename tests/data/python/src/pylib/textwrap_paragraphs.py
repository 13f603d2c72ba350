import textwrap

text = ("Shellsim is a deterministic simulator of a Unix-like environment. It runs "
        "bash scripts, GNU coreutils and now a Python interpreter entirely in-process, "
        "over an in-memory filesystem, under a resource meter.")

for width in (30, 45, 70):
    print(f"--- width {width} ---")
    for line in textwrap.wrap(text, width=width):
        print(f"|{line:<{width}}|")
print(textwrap.fill(text, width=40, initial_indent="* ", subsequent_indent="  "))
