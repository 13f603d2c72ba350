# Records GNU awk (gawk 5.2) under LC_ALL=C and LC_ALL=C.UTF-8 for the functions whose
# results depend on the locale's character set (run: python3 record_locale.py > locale.jsonl).
# In the C locale gawk counts bytes: length, substr, index, match's RSTART and RLENGTH, printf
# widths, precisions and %c, toupper/tolower (ASCII letters only), split with "" and FS = "";
# in a UTF-8 locale it counts characters. Regular expressions follow the locale too: in the C
# locale `.`, brackets, classes, repetitions and word boundaries see single bytes (the
# REGEX_CASES below, with UTF-8 text and with input that is not UTF-8, given as stdin_hex).
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

# Regex cases: (program, input bytes, locales). Named classes and \\w are recorded only in the
# C locale: in a UTF-8 locale gawk's classes take in non-ASCII letters, shellsim's are ASCII
# (docs/compatibility.md).
UTF = TEXT.encode()
LATIN = b"a\xe9b caf\xe9\n\xff\xfe x\nw\xf6rld\n"
BOTH = ["C", "C.UTF-8"]
REGEX_CASES = [
    ("{ if (match($0, /w.r/)) print RSTART, RLENGTH, substr($0, RSTART, RLENGTH); else print \"no\" }", UTF, BOTH),
    ("{ print match($0, /w..r/), RLENGTH }", UTF, BOTH),
    ("{ print ($0 ~ /^h.llo/), ($0 ~ /^h..llo/), ($0 !~ /^[^ ]{5} /) }", UTF, BOTH),
    ("/w[^a-z]r/ { print \"one:\" $0 } /w[^a-z][^a-z]r/ { print \"two:\" $0 }", UTF, BOTH),
    ("{ n = gsub(/[^ -~]/, \"?\"); print n, $0 }", UTF, BOTH),
    ("{ gsub(/./, \"<&>\"); print }", UTF, BOTH),
    ("{ print gensub(/(.)(.)/, \"\\\\2\\\\1\", \"g\") }", UTF, BOTH),
    ("{ print gensub(/[^ ]/, \"_\", 2) }", UTF, BOTH),
    ("{ s = $0; print sub(/[\u00e9\u00e7]/, \"E\", s), s }", UTF, BOTH),
    ("{ print match($0, /[\u00e0-\u00fc]+/), RLENGTH }", UTF, BOTH),
    ("{ print ($0 ~ /^.{11}$/), ($0 ~ /^.{13}$/), ($0 ~ /^.{11,13}$/) }", UTF, BOTH),
    ("{ re = \"^h\" \".\"; print ($0 ~ re), match($0, re \"l\"), RLENGTH }", UTF, BOTH),
    ("{ if (match($0, /(.)(.)$/, m)) print m[1] \"|\" m[2], m[1, \"length\"], RSTART }", UTF, BOTH),
    ("{ gsub(/\\y/, \"|\"); print }", UTF, BOTH),
    ("{ gsub(/\\</, \"<\"); gsub(/\\>/, \">\"); print }", UTF, BOTH),
    ("{ gsub(/\\S/, \"x\"); print }", UTF, BOTH),
    ("{ n = split($0, a, /[^a-z]/); printf \"%d\", n; for (i = 1; i <= n; i++) printf \" [%s]\", a[i]; print \"\" }", UTF, BOTH),
    ("BEGIN { RS = \"[\u00e9\u00f6]\" } { print NR \": \" $0 }", UTF, BOTH),
    ("BEGIN { FS = \"[\u00e0\u00e9]\" } { print NF \": \" $1 \"|\" $NF }", UTF, BOTH),
    ("BEGIN { s = \"x\u00f6\u00f6\u00f6\"; print match(s, /\u00f6+/), RLENGTH; print match(s, /(\u00f6)+/), RLENGTH }", b"", BOTH),
    ("BEGIN { s = \"a\\351b\\303\"; print match(s, /[^a]+/), RLENGTH; print gsub(/./, \"-\", s), s }", b"", BOTH),
    ("BEGIN { s = \"caf\\351\"; print (s ~ \"\\351$\"), (s ~ /f.$/), (s ~ \"f.$\") }", b"", BOTH),
    ("{ print match($0, /[[:alpha:]]+/), RLENGTH; gsub(/[[:alpha:]]/, \"A\"); print }", UTF, ["C"]),
    ("{ gsub(/\\w+/, \"<&>\"); print }", UTF, ["C"]),
    ("BEGIN { FS = \"[^[:alpha:]]+\" } { print NF; for (i = 1; i <= NF; i++) printf \"[%s]\", $i; print \"\" }", UTF, ["C"]),
    ("{ print match($0, /a.b/), RLENGTH; print match($0, /[^x]+/), RLENGTH }", LATIN, BOTH),
    ("{ n = split($0, f, /./); print n, length(f[1]) }", LATIN, BOTH),
    ("{ n = gsub(/[^a-z ]/, \".\"); print n, $0 }", LATIN, BOTH),
    ("{ print match($0, /[\\200-\\377]+/), RLENGTH }", LATIN, ["C"]),
    ("{ print match($0, /[[:alpha:]]+$/), RLENGTH; print ($0 ~ /^[[:print:]]+$/) }", LATIN, ["C"]),
    ("BEGIN { RS = \"[\\200-\\377]\" } { print NR \": \" $0 }", LATIN, ["C"]),
    ("{ print gensub(/(.)$/, \"<\\\\1>\", 1) }", LATIN, BOTH),
]

for prog, data, locales in REGEX_CASES:
    for locale in locales:
        env = dict(os.environ, LC_ALL=locale)
        r = subprocess.run(["awk", prog], executable=AWK, input=data, capture_output=True, env=env)
        case = {"env": {"LC_ALL": locale}, "args": [prog]}
        try:
            case["stdin"] = data.decode()
        except UnicodeDecodeError:
            case["stdin_hex"] = data.hex()
        case.update({"files": {}, "stdout_hex": r.stdout.hex(), "status": r.returncode})
        print(json.dumps(case))
