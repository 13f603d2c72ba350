//! The differential runner shared by `tests/archives.rs` (GNU gzip and tar) and
//! `tests/zip.rs` (Info-ZIP zip and unzip): each recorded case seeds files, runs its script
//! through the built binary (`shellsim -c`), and compares standard output, standard error,
//! the exit status and the files left (content, mode, link targets, and mtimes that do not
//! come from the recording host's clock) with what the real tools did. Gzip data the script
//! created is compared decompressed (the DEFLATE encoder differs, docs/compatibility.md); zip
//! archives byte for byte after [`zip_norm`] blanks the times that come from a clock.

use base64::Engine;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::process::Command;

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

fn script_for(case: &Value, prelude: &str) -> String {
    let mut s = format!("{prelude}\nmkdir -p /work/t && cd /work/t || exit 99\n");
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
        s.push_str(&format!(
            "printf -- {} > {}\n",
            printf_arg(&data),
            quote(name)
        ));
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
        "find . -mindepth 1 | sort | while IFS= read -r f; do\n  if [ -L \"$f\" ]; then printf '=== L %s %s\\n' \"$f\" \"$(readlink \"$f\")\"\n  elif [ -d \"$f\" ]; then printf '=== D %s %s\\n' \"$f\" \"$(stat -c %a \"$f\")\"\n  else printf '=== F %s %s %s %s\\n' \"$f\" \"$(stat -c %a \"$f\")\" \"$(stat -c %Y \"$f\")\" \"$(wc -c < \"$f\")\"; cat \"$f\"; fi\ndone\nprintf '=== F ./.out 0 0 %s\\n' \"$(wc -c < /tmp/out)\"; cat /tmp/out\nprintf '=== F ./.err 0 0 %s\\n' \"$(wc -c < /tmp/err)\"; cat /tmp/err\n",
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
        // "=== KIND NAME FIELDS...": names may hold spaces, so fields are taken from the
        // right (a link's target is everything after its name's first space-free word).
        let kind = &line[4..5];
        let body = &line[6..];
        match kind {
            "L" => {
                let (name, target) = body.split_once(' ').unwrap();
                let name = name.trim_start_matches("./").to_string();
                out.insert(name, Node::Link(target.to_string()));
            }
            "D" => {
                let (name, mode) = body.rsplit_once(' ').unwrap();
                let name = name.trim_start_matches("./");
                out.insert(format!("{name}/"), Node::Dir(mode.to_string()));
            }
            _ => {
                let f: Vec<&str> = body.rsplitn(4, ' ').collect();
                let (size, mtime, mode) = (f[0], f[1], f[2]);
                let name = f[3].trim_start_matches("./").to_string();
                let size: usize = size.trim().parse().unwrap();
                let data = rest[..size].to_vec();
                rest = &rest[size..];
                out.insert(
                    name,
                    Node::File {
                        mode: mode.to_string(),
                        mtime: mtime.parse().unwrap(),
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

fn check(case: &Value, prelude: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(["-c", &script_for(case, prelude)])
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
                let (data, wd) = if let Some(z) = want.get("gunzipped") {
                    (gunzip(data), b64(z.as_str().unwrap()))
                } else if let Some(z) = want.get("zip") {
                    (zip_norm(data), zip_norm(&b64(z.as_str().unwrap())))
                } else {
                    (data.clone(), b64(want["b64"].as_str().unwrap()))
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

/// Zip archive bytes with clock-derived fields blanked: the access time zip stores in each
/// local `UT` field (the recording host's reads move it), and the DOS and `UT` times of
/// members whose modification time is recent (files the script itself created, stamped by
/// the recording host's clock or by shellsim's). Anything unparsable is left as it is.
pub fn zip_norm(data: &[u8]) -> Vec<u8> {
    const RECENT: u32 = 1_720_000_000;
    let mut d = data.to_vec();
    let u16_at = |d: &[u8], i: usize| u16::from_le_bytes([d[i], d[i + 1]]) as usize;
    let u32_at = |d: &[u8], i: usize| u32::from_le_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]);
    // Blanks what a `UT` block at `pos..pos + len` holds; returns whether it was recent.
    let ut = |d: &mut Vec<u8>, pos: usize, len: usize, local: bool| -> bool {
        let mut i = pos;
        let mut recent = false;
        while i + 4 <= pos + len && i + 4 <= d.len() {
            let (id, n) = (u16_at(d, i), u16_at(d, i + 2));
            if id == 0x5455 && n >= 5 && i + 4 + n <= d.len() {
                recent = u32_at(d, i + 5) >= RECENT;
                if recent {
                    d[i + 5..i + 9].fill(0);
                }
                if local && n >= 9 {
                    d[i + 9..i + 13].fill(0);
                }
            }
            i += 4 + n;
        }
        recent
    };
    let mut i = 0;
    while i + 46 <= d.len() {
        if u32_at(&d, i) != 0x0201_4b50 {
            i += 1;
            continue;
        }
        let (nl, el, cl) = (u16_at(&d, i + 28), u16_at(&d, i + 30), u16_at(&d, i + 32));
        let recent = ut(&mut d, i + 46 + nl, el, false);
        if recent {
            d[i + 12..i + 16].fill(0);
        }
        let off = u32_at(&d, i + 42) as usize;
        if off + 30 <= d.len() && u32_at(&d, off) == 0x0403_4b50 {
            let (lnl, lel) = (u16_at(&d, off + 26), u16_at(&d, off + 28));
            ut(&mut d, off + 30 + lnl, lel, true);
            if recent {
                d[off + 10..off + 14].fill(0);
            }
        }
        i += 46 + nl + el + cl;
    }
    d
}

/// Runs every case in `cases` (JSON lines) with `prelude` (shell lines run first) and fails
/// listing the differences; `label` names the tools in the summary line.
pub fn run_cases(cases: &str, prelude: &str, label: &str) {
    let mut failures = Vec::new();
    let mut total = 0;
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        let diffs = check(&case, prelude);
        if !diffs.is_empty() {
            failures.push(format!(
                "{}:\n  {}",
                case["name"].as_str().unwrap(),
                diffs.join("\n  ")
            ));
        }
    }
    println!("{label}: {}/{total} cases match", total - failures.len());
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
