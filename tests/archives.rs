//! `gzip`/`gunzip`/`zcat` and `tar` against GNU gzip 1.12 and GNU tar 1.34: every case in
//! `tests/archives/cases.jsonl` (recorded from the real tools by `tests/archives/record.py`)
//! runs through the built binary (`shellsim -c`); standard output, standard error, the exit
//! status and the files left (content, mode, link targets, and mtimes that do not come from
//! the recording host's clock) must be GNU's. Gzip data the script created is compared
//! decompressed, since the DEFLATE encoder differs (docs/compatibility.md).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use base64::Engine;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::process::Command;

const CASES: &str = include_str!("archives/cases.jsonl");

fn b64(s: &str) -> Vec<u8> {
    base64::engine::general_purpose::STANDARD.decode(s).unwrap()
}

fn printf_arg(data: &[u8]) -> String {
    let mut s = String::from("'");
    for &b in data {
        if b.is_ascii_alphanumeric() || b" ,.:_+-=/{}*".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{b:03o}"));
        }
    }
    s.push('\'');
    s
}

fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

fn script_for(case: &Value) -> String {
    let mut s = String::from(
        "export LC_ALL=C TZ=UTC TAR_OPTIONS=--sort=name\nmkdir -p /work/t && cd /work/t || exit 99\n",
    );
    let files = case["files"].as_object().unwrap();
    for (name, f) in files {
        if name.ends_with('/') {
            s.push_str(&format!("mkdir -p {}\n", quote(name)));
            continue;
        }
        if let Some(dir) = name.rfind('/').map(|i| &name[..i]) {
            s.push_str(&format!("mkdir -p {}\n", quote(dir)));
        }
        let data = b64(f["b64"].as_str().unwrap());
        s.push_str(&format!("printf {} > {}\n", printf_arg(&data), quote(name)));
    }
    for (name, target) in case["links"].as_object().unwrap() {
        s.push_str(&format!(
            "ln -s {} {}\n",
            quote(target.as_str().unwrap()),
            quote(name)
        ));
    }
    let mut order: Vec<(&String, &Value)> = files.iter().collect();
    order.sort_by_key(|(n, _)| std::cmp::Reverse(n.matches('/').count()));
    for (name, f) in order {
        s.push_str(&format!(
            "chmod {:o} {n}; touch -d @{} {n}\n",
            f["mode"].as_u64().unwrap(),
            f["mtime"].as_u64().unwrap(),
            n = quote(name)
        ));
    }
    s.push_str(&format!(
        "( {} ) > /tmp/out 2> /tmp/err\necho \"STATUS $?\"\ncd /work/t\n",
        case["script"].as_str().unwrap()
    ));
    s.push_str(
        "for f in $(find . -mindepth 1 | sort); do\n  if [ -L \"$f\" ]; then printf '=== L %s %s\\n' \"$f\" \"$(readlink \"$f\")\"\n  elif [ -d \"$f\" ]; then printf '=== D %s %s\\n' \"$f\" \"$(stat -c %a \"$f\")\"\n  else printf '=== F %s %s %s %s\\n' \"$f\" \"$(stat -c %a \"$f\")\" \"$(stat -c %Y \"$f\")\" \"$(wc -c < \"$f\")\"; cat \"$f\"; fi\ndone\nprintf '=== F ./.out 0 0 %s\\n' \"$(wc -c < /tmp/out)\"; cat /tmp/out\nprintf '=== F ./.err 0 0 %s\\n' \"$(wc -c < /tmp/err)\"; cat /tmp/err\n",
    );
    s
}

#[derive(Debug, PartialEq)]
enum Node {
    File {
        mode: String,
        mtime: u64,
        data: Vec<u8>,
    },
    Dir(String),
    Link(String),
}

fn parse_dump(text: &[u8]) -> (i64, BTreeMap<String, Node>) {
    let nl = text.iter().position(|&b| b == b'\n').expect("status");
    let status: i64 = String::from_utf8_lossy(&text[..nl])
        .strip_prefix("STATUS ")
        .unwrap_or_else(|| panic!("no status: {}", String::from_utf8_lossy(text)))
        .parse()
        .unwrap();
    let mut rest = &text[nl + 1..];
    let mut out = BTreeMap::new();
    while !rest.is_empty() {
        let nl = rest.iter().position(|&b| b == b'\n').unwrap();
        let line = String::from_utf8_lossy(&rest[..nl]).into_owned();
        rest = &rest[nl + 1..];
        let parts: Vec<&str> = line.splitn(6, ' ').collect();
        let name = parts[2].trim_start_matches("./").to_string();
        match parts[1] {
            "L" => {
                out.insert(name, Node::Link(parts[3..].join(" ")));
            }
            "D" => {
                out.insert(format!("{name}/"), Node::Dir(parts[3].to_string()));
            }
            _ => {
                let size: usize = parts[5].trim().parse().unwrap();
                let data = rest[..size].to_vec();
                rest = &rest[size..];
                out.insert(
                    name,
                    Node::File {
                        mode: parts[3].to_string(),
                        mtime: parts[4].parse().unwrap(),
                        data,
                    },
                );
            }
        }
    }
    (status, out)
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(data)
        .read_to_end(&mut out)
        .expect("gzip data");
    out
}

fn check(case: &Value) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(["-c", &script_for(case)])
        .output()
        .expect("shellsim runs");
    let (status, mut got) = parse_dump(&out.stdout);
    let mut diffs = Vec::new();
    let show = |b: &[u8]| format!("{:?}", String::from_utf8_lossy(b));
    let latin = |s: &str| s.chars().map(|c| c as u32 as u8).collect::<Vec<u8>>();
    for (key, want) in [(".out", "stdout"), (".err", "stderr")] {
        let want = latin(case[want].as_str().unwrap());
        if let Some(Node::File { data, .. }) = got.remove(key) {
            if data != want {
                diffs.push(format!("{key}: {} (GNU {})", show(&data), show(&want)));
            }
        }
    }
    if status != case["status"].as_i64().unwrap() {
        diffs.push(format!("status {status} (GNU {})", case["status"]));
    }
    let after = case["after"].as_object().unwrap();
    let names: Vec<&String> = after.keys().collect();
    let got_names: Vec<&String> = got.keys().collect();
    if names != got_names {
        diffs.push(format!("files {got_names:?} (GNU {names:?})"));
        return diffs;
    }
    for (name, want) in after {
        let g = &got[name];
        match g {
            Node::Link(t) => {
                if want["link"].as_str() != Some(t) {
                    diffs.push(format!("{name}: link {t} (GNU {})", want));
                }
            }
            Node::Dir(m) => {
                let wm = want["dir"].as_str().unwrap_or("").trim_start_matches("0o");
                if wm != m {
                    diffs.push(format!("{name}: dir mode {m} (GNU {wm})"));
                }
            }
            Node::File { mode, mtime, data } => {
                let wm = want["mode"].as_str().unwrap_or("").trim_start_matches("0o");
                if wm != mode {
                    diffs.push(format!("{name}: mode {mode} (GNU {wm})"));
                }
                let wt = want["mtime"].as_u64().unwrap_or(0);
                if wt < 1_750_000_000 && wt != *mtime {
                    diffs.push(format!("{name}: mtime {mtime} (GNU {wt})"));
                }
                let (data, wd) = match want.get("gunzipped") {
                    Some(z) => (gunzip(data), b64(z.as_str().unwrap())),
                    None => (data.clone(), b64(want["b64"].as_str().unwrap())),
                };
                if data != wd {
                    diffs.push(format!(
                        "{name}: content {} (GNU {})",
                        show(&data[..data.len().min(300)]),
                        show(&wd[..wd.len().min(300)])
                    ));
                }
            }
        }
    }
    diffs
}

#[test]
fn matches_recorded_gnu_gzip_and_tar() {
    let mut failures = Vec::new();
    let mut total = 0;
    for line in CASES.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        let diffs = check(&case);
        if !diffs.is_empty() {
            failures.push(format!(
                "{}:\n  {}",
                case["name"].as_str().unwrap(),
                diffs.join("\n  ")
            ));
        }
    }
    println!(
        "archives: {}/{total} cases match GNU",
        total - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
