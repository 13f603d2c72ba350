use super::super::testutil::*;

/// Runs split on a machine holding `in`, then lists every file it made with its content.
fn sp(args: &[&str], input: &[u8]) -> (i32, String, Vec<(String, String)>) {
    let k = machine(&[("in", input)]);
    let mut v = vec!["split"];
    v.extend_from_slice(args);
    let (st, _, err) = run_on(&k, &v, input);
    let mut files = Vec::new();
    for (name, _) in k.vfs.borrow().read_dir(b"/work").unwrap() {
        let n = String::from_utf8_lossy(&name).into_owned();
        if n != "in" {
            let data = k
                .vfs
                .borrow()
                .read_file(format!("/work/{n}").as_bytes())
                .unwrap();
            files.push((n, String::from_utf8_lossy(&data).into_owned()));
        }
    }
    (st, String::from_utf8_lossy(&err).into_owned(), files)
}

fn names(r: &(i32, String, Vec<(String, String)>)) -> Vec<&str> {
    r.2.iter().map(|f| f.0.as_str()).collect()
}

#[test]
fn lines_bytes_and_naming() {
    let r = sp(&["-l", "2"], b"1\n2\n3\n");
    assert_eq!(
        r.2,
        vec![
            ("xaa".into(), "1\n2\n".into()),
            ("xab".into(), "3\n".into())
        ]
    );
    let r = sp(
        &["-b", "4", "-d", "--additional-suffix=.t", "in", "p"],
        b"0123456789",
    );
    assert_eq!(names(&r), ["p00.t", "p01.t", "p02.t"]);
    let many: Vec<u8> = (0..700).flat_map(|_| b"x\n".iter().copied()).collect();
    let r = sp(&["-l", "1"], &many);
    assert_eq!(r.2.len(), 700);
    assert_eq!(r.2[649].0, "xyz");
    assert_eq!(r.2[650].0, "xzaaa");
    let r = sp(&["-a", "1", "-l", "1"], &many[..60]);
    assert_eq!(
        (r.0, r.1.as_str()),
        (1, "split: output file suffixes exhausted\n")
    );
    assert!(sp(&["-l", "3"], b"").2.is_empty());
}

#[test]
fn chunks() {
    let r = sp(&["-n", "3"], b"0123456789");
    assert_eq!(r.2.iter().map(|f| f.1.len()).collect::<Vec<_>>(), [3, 3, 4]);
    let r = sp(&["-n", "5"], b"12");
    assert_eq!(
        r.2.iter().map(|f| f.1.len()).collect::<Vec<_>>(),
        [1, 1, 0, 0, 0]
    );
    let r = sp(&["-n", "l/3"], b"a\nbbbbbbbbbb\nc\nd\n");
    assert_eq!(
        r.2.iter().map(|f| f.1.as_str()).collect::<Vec<_>>(),
        ["a\nbbbbbbbbbb\n", "", "c\nd\n"]
    );
    let r = sp(&["-C", "5"], b"a\nbbbbbbbbbb\nc\nd\n");
    assert_eq!(
        r.2.iter().map(|f| f.1.len()).collect::<Vec<_>>(),
        [2, 5, 5, 5]
    );
    let r = sp(&["-n", "r/2", "-e"], b"a\n");
    assert_eq!(names(&r), ["xaa"]);
    assert_eq!(
        sp(&["-l", "0"], b"").1,
        "split: invalid number of lines: '0': Numerical result out of range\n"
    );
    assert_eq!(sp(&["--filter=cat"], b"").0, 2);
}
