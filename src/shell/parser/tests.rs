use super::*;

fn ok(src: &str) -> Program {
    parse(src.as_bytes()).unwrap_or_else(|e| panic!("{src:?}: {e:?}"))
}

fn err(src: &str) -> ParseError {
    parse(src.as_bytes()).expect_err(src)
}

#[test]
fn parses_common_forms() {
    for src in [
        "echo hi",
        "a=1 b=2 cmd x y >out 2>&1",
        "echo a | grep b && echo c || echo d; echo e &",
        "if true; then echo y; elif false; then :; else echo n; fi",
        "for i in 1 2 3; do echo $i; done",
        "for ((i=0; i<3; i++)); do echo $i; done",
        "while read -r line; do echo \"$line\"; done < f",
        "case $x in a|b) echo ab;; *) echo other;& esac",
        "f() { local x=1; echo $x; }",
        "function g { echo g; }",
        "(( x = 1 + 2 ))",
        "[[ -f x && $a == b* || ! -d y ]]",
        "[[ $x =~ ^(a|b)+$ ]]",
        "echo ${x:-def} ${#y} ${z//a/b} ${arr[@]} ${!ref} ${x:1:2}",
        "echo $(echo $(echo nested)) `echo bt`",
        "cat <<EOF\nhello $name\nEOF\n",
        "cat <<'EOF'\nraw $x\nEOF",
        "cat <<-EOF\n\tindented\n\tEOF\n",
        "a=(1 2 [5]=x) b+=(y)",
        "echo {a,b}{1..3}",
        "diff <(sort a) <(sort b)",
        "exec 3>&- {fd}>file",
        "echo $'a\\nb' $\"x\"",
        "x=$((1 + $(echo 2)))",
        "time sleep 1",
        "! false",
        "echo a\\\nb",
        "case x in (a) echo;; esac",
        "echo @(a|b) !(x)",
    ] {
        ok(src);
    }
}

#[test]
fn heredoc_body_is_attached() {
    let p = ok("cat <<EOF | wc -l\nline1\nline2\nEOF\necho after\n");
    assert_eq!(p.body.items.len(), 2);
    let Command::Simple(sc) = &p.body.items[0].and_or.first.commands[0] else {
        panic!()
    };
    let RedirTarget::HereDoc(doc) = &sc.redirects[0].target else {
        panic!()
    };
    assert!(doc.body.get().is_some());
}

#[test]
fn reports_errors_with_lines() {
    let e = err("echo ok\nif true; then\n");
    assert!(e.incomplete);
    let e = err("echo )");
    assert_eq!(e.line, 1);
    assert!(e.message.contains("unexpected token `)'"), "{}", e.message);
    err("for do done");
    err("echo 'unterminated");
    err("echo \"unterminated");
    err("case x in");
    err("&& echo");
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = "(".repeat(100_000);
    assert!(parse(deep.as_bytes()).is_err());
    let subs = "$(".repeat(100_000);
    assert!(parse(subs.as_bytes()).is_err());
    let braces = "${x:-".repeat(100_000);
    assert!(parse(braces.as_bytes()).is_err());
}

#[test]
fn garbage_never_panics() {
    let mut seed = 12345u64;
    let alphabet = b"$(){}[]<>|&;'\"`\\ \n\t#=!*?@~abc0123-+:/%^,";
    for _ in 0..3000 {
        let mut s = Vec::new();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = (seed % 40) as usize;
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
        }
        let _ = parse(&s);
        let _ = super::parse_partial(&s, 1, None);
    }
}
