//! The read judge against the adversarial corpus in `tests/judge/cases.jsonl` (lexical
//! establishment). Zero false vouches is a hard requirement; the exact-match count is a ratchet
//! kept in `tests/judge/ratchet.txt`.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use shellsim::judge::{decide, judge_command, Boundary, Finding, Lexical, Seat};

fn finding_of(name: &str) -> Finding {
    match name {
        "none" => Finding::None,
        "declined" => Finding::Declined,
        "unestablishable" => Finding::Unestablishable,
        "outside_roots" => Finding::OutsideRoots,
        "deny_hit" => Finding::DenyHit,
        "identity_changed" => Finding::IdentityChanged,
        other => panic!("unknown finding {other}"),
    }
}

#[test]
fn adversarial_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judge");
    let text = std::fs::read_to_string(dir.join("cases.jsonl")).unwrap();
    let ratchet: usize = std::fs::read_to_string(dir.join("ratchet.txt"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let (mut exact, mut total) = (0, 0);
    let mut false_vouches = Vec::new();
    let mut mismatches = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = c["name"].as_str().unwrap();
        let strs = |k: &str| -> Vec<String> {
            c[k].as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect()
        };
        let boundary = Boundary {
            cwd: c["cwd"].as_str().unwrap().as_bytes().to_vec(),
            home: c["home"].as_str().unwrap().as_bytes().to_vec(),
            roots: strs("roots").into_iter().map(String::into_bytes).collect(),
            deny: strs("deny"),
            ..Boundary::default()
        };
        let seat = Seat::parse(c["seat"].as_str().unwrap()).unwrap();
        let expect = finding_of(c["expect"].as_str().unwrap());
        let never_none = c["never_none"].as_bool().unwrap_or(false);
        let v = judge_command(
            c["command"].as_str().unwrap().as_bytes(),
            &boundary,
            seat,
            &Lexical,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(v.disposition, decide(v.finding, seat));
        total += 1;
        if v.finding == expect {
            exact += 1;
        } else {
            mismatches.push(format!(
                "{name}: expected {}, got {} — {}",
                expect.name(),
                v.finding.name(),
                c["command"]
                    .as_str()
                    .unwrap()
                    .chars()
                    .take(100)
                    .collect::<String>()
            ));
        }
        if v.finding == Finding::None && (expect != Finding::None || never_none) {
            false_vouches.push(name.to_string());
        }
    }
    eprintln!(
        "judge corpus: {exact}/{total} exact; {} false vouches",
        false_vouches.len()
    );
    for m in &mismatches {
        eprintln!("  {m}");
    }
    assert!(false_vouches.is_empty(), "false vouches: {false_vouches:?}");
    assert!(
        exact >= ratchet,
        "exact matches fell to {exact} (ratchet {ratchet})"
    );
}

/// Random shell-ish text never panics the judge, and a deny-path read appended on its own
/// line is never vouched, whatever came before it.
#[test]
fn random_text_never_panics_and_never_hides_a_deny_read() {
    const TOKENS: &[&str] = &[
        "cat",
        "echo",
        "ls",
        "grep -r x",
        "sh -c",
        "eval",
        "cd",
        "..",
        "~",
        "$HOME",
        "${HOME}",
        "$X",
        "$(",
        ")",
        "`",
        "'",
        "\"",
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "*",
        "?",
        "|",
        "||",
        "&&",
        ";",
        "&",
        ">",
        "<",
        ">>",
        "2>&1",
        "<<<",
        "=",
        "a=b",
        "HOME=/tmp",
        "export",
        "for i in",
        "do",
        "done",
        "if",
        "then",
        "fi",
        "case",
        "in",
        "esac",
        "while",
        "!",
        "#",
        "\\n",
        ".ssh",
        "/etc/shadow",
        "x.pem",
        ".env",
        "{a,b}",
        "{1..3}",
        "find",
        "-exec",
        "\\;",
        "xargs",
        "env",
        "sudo",
        "\n",
        " ",
        "\t",
        "$((1+2))",
        "<(",
        ">(",
        "-",
        "--",
        "/",
        "//",
        ".",
        "$'\\x41'",
        "alias",
        "f()",
    ];
    let boundary = Boundary {
        cwd: b"/home/u/proj".to_vec(),
        home: b"/home/u".to_vec(),
        roots: vec![b"/home/u/proj".to_vec()],
        deny: vec!["~/.ssh/**".into(), "**/.env".into()],
        ..Boundary::default()
    };
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..3000 {
        let n = (next() % 12) as usize;
        let mut text = String::new();
        for _ in 0..n {
            text.push_str(TOKENS[(next() % TOKENS.len() as u64) as usize]);
            if next() % 2 == 0 {
                text.push(' ');
            }
        }
        let v = judge_command(text.as_bytes(), &boundary, Seat::FullShell, &Lexical).unwrap();
        assert_eq!(v.disposition, decide(v.finding, Seat::FullShell));
        let with_read = format!("{text}\n\ncat ~/.ssh/id_rsa\n");
        let v = judge_command(with_read.as_bytes(), &boundary, Seat::FullShell, &Lexical).unwrap();
        assert_ne!(
            v.finding,
            Finding::None,
            "round {round}: {with_read:?} was vouched"
        );
    }
}
