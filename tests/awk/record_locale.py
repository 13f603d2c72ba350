# Records GNU awk (gawk 5.2) under LC_ALL=C and LC_ALL=C.UTF-8 for the functions whose
# results depend on the locale's character set (run: python3 record_locale.py > locale.jsonl).
# In the C locale gawk counts bytes: length, substr, index, match's RSTART and RLENGTH, printf
# widths, precisions and %c, toupper/tolower (ASCII letters only), split with "" and FS = "";
# in a UTF-8 locale it counts characters. Regexes whose matches depend on the locale (`.` or a
# bracket against a multibyte character) are left out: shellsim's regex engine always reads
# UTF-8 (docs/compatibility.md).
import json, os, subprocess

AWK = os.environ.get("AWK", "/usr/bin/gawk")
TEXT = "h\u00e9llo w\u00f6rld\n\u00e7a va \u00e0 na\u00efve\nplain ascii\n"

programs = [
    "{ print length($0), length($1), length() }",
    "{ print substr($0, 2, 3) \"|\" substr($1, 3) \"|\" substr($0, 1, 1) }",
    "{ print index($0, \"l\"), index($0, \"o\"), index($0, \"\u00e0\") }",
    "{ print match($0, /l+/), RSTART, RLENGTH; print match($0, /\u00f6r/), RSTART, RLENGTH }",
    "{ if (match($0, /(v)(a)/, m)) print m[1, \"start\"], m[2, \"start\"], m[0, \"length\"] }",
    "{ print toupper($0); print tolower(\"\u00c9T\u00c9 \u00c0 ABC\") }",
    "{ n = split($1, c, \"\"); printf \"%d:\", n; for (i = 1; i <= n; i++) printf \" %s\", c[i]; print \"\" }",
    "BEGIN { FS = \"\" } { print NF, $2, $3 }",
    "{ printf \"[%8s][%-8s][%.2s][%c]\\n\", $1, $1, $1, $1 }",
    "BEGIN { printf \"%c|%c|%c|%c\\n\", 233, 65, 256 + 66, 8364 }",
    "BEGIN { printf \"[%5c][%-3c]\\n\", \"\u00e9t\u00e9\", \"\u00fc\" }",
    "BEGIN { s = sprintf(\"%3s|%.1s\", \"\u00e9\", \"\u00e9\u00e9\"); print s, length(s) }",
    "{ x = $1; sub(/l/, \"L\", x); print x, length(x), substr(x, length(x) - 1) }",
]

for locale in ["C", "C.UTF-8"]:
    for prog in programs:
        env = dict(os.environ, LC_ALL=locale)
        r = subprocess.run(["awk", prog], executable=AWK, input=TEXT.encode(), capture_output=True, env=env)
        print(json.dumps({
            "env": {"LC_ALL": locale},
            "args": [prog],
            "stdin": TEXT,
            "files": {},
            # Hex: in the C locale the output may cut a UTF-8 sequence in two.
            "stdout_hex": r.stdout.hex(),
            "status": r.returncode,
        }))
