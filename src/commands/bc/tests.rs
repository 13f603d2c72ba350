use super::super::testutil::*;

fn bc(src: &str) -> (i32, String, String) {
    text(run(&["bc"], src.as_bytes()))
}

#[test]
fn arithmetic_and_scale() {
    assert_eq!(bc("1+2\n").1, "3\n");
    assert_eq!(bc("scale=3; 1/3\n").1, ".333\n");
    assert_eq!(bc("-0.5\n1.0\n0.00\n").1, "-.5\n1.0\n0\n");
    assert_eq!(bc("1.5^3\nscale=2;2^-2\n-2^2\n").1, "3.3\n.25\n4\n");
    assert_eq!(bc("scale=5; sqrt(2)\n").1, "1.41421\n");
    assert_eq!(bc("-7%2\nscale=0; -7/2\nlength(0.05)\n").1, "-1\n-3\n2\n");
    assert_eq!(bc("a=1<2; a\nx = 3; x++; x; ++x\n").1, "1\n1\n3\n4\n5\n");
    assert_eq!(
        bc("define f(x) { auto y; y = x*2; return (y); }\nf(4)\n").1,
        "8\n"
    );
    assert_eq!(bc("for (i=0; i<3; i++) { print i, \" \" }\n").1, "0 1 2 ");
    assert_eq!(bc("5; quit\n").1, "");
    let big = bc("2^300\n").1;
    assert_eq!(big.lines().next().unwrap().len(), 69);
    assert!(big.lines().next().unwrap().ends_with('\\'));
}

#[test]
fn errors_and_limits() {
    assert_eq!(bc("1/0\n2\n").1, "2\n");
    assert_eq!(bc("1 +\n").2, "(standard_in) 2: syntax error\n");
    assert_eq!(bc("obase=16\n").0, 2);
    let (st, _, _) = run(&["bc"], b"2^1000000000\n");
    assert_eq!(st, 137, "a huge power stops on a limit");
}
