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
    assert_eq!(bc("read()\n").0, 2);
    let (st, _, _) = run(&["bc"], b"2^1000000000\n");
    assert_eq!(st, 137, "a huge power stops on a limit");
}

#[test]
fn bases() {
    assert_eq!(bc("obase=16; 255; -10.5\n").1, "FF\n-A.8\n");
    assert_eq!(bc("obase=256; 1000\n").1, " 003 232\n");
    assert_eq!(bc("obase=20; 12345.678\n").1, " 01 10 17 05.13 11 04\n");
    assert_eq!(bc("scale=5; obase=2; 1/3\n").1, ".01010101010101010\n");
    assert_eq!(bc("ibase=16; obase=A; FF; 1F.8\n").1, "255\n31.5\n");
    assert_eq!(bc("ibase=2; 12; A; 1.1\n").1, "3\n10\n1.5\n");
    assert_eq!(bc("ZZ; 1.F\n").1, "99\n1.9\n");
    let (_, out, err) = bc("obase=1; 5\n");
    assert_eq!(out, "101\n");
    assert_eq!(
        err,
        "Runtime warning (func=(main), adr=0): obase too small, set to 2\n"
    );
    let (_, out, _) = bc("obase=2; 2^100\n");
    assert_eq!(out.lines().next().unwrap().len(), 69);
}

#[test]
fn arrays() {
    assert_eq!(bc("a[1]=5; a[1]; a[2]; a[1.9]+=1; a[1]\n").1, "5\n0\n6\n");
    let f = "define f(x[]) { x[0]=9; return x[0]+x[1]; }\na[0]=1; a[1]=2; f(a[]); a[0]\n";
    assert_eq!(bc(f).1, "11\n1\n");
    let r = "define f(*x[]) { x[0]=9; }\nf(a[]); a[0]\n";
    assert_eq!(bc(r).1, "0\n9\n");
    let (_, out, err) = bc("a[-1]=3; 7\n8\n");
    assert_eq!(out, "8\n", "the error abandons the rest of its line");
    assert_eq!(
        err,
        "Runtime error (func=(main), adr=0): Array a subscript out of bounds.\n"
    );
    assert!(bc("a[16777216]\n").2.contains("out of bounds"));
}

#[test]
fn math_library() {
    let l = |src: &str| text(run(&["bc", "-l"], src.as_bytes())).1;
    assert_eq!(
        l("s(1); c(1)\n"),
        ".84147098480789650665\n.54030230586813971740\n"
    );
    assert_eq!(
        l("a(1); l(2); e(1)\n"),
        ".78539816339744830961\n.69314718055994530941\n2.71828182845904523536\n"
    );
    assert_eq!(
        l("j(1,1); scale=5; e(-3.5)\n"),
        ".44005058574493351595\n.03019\n"
    );
    assert_eq!(l("l(0)\n"), "-99999999999999999999.00000000000000000000\n");
    assert_eq!(l("ibase=16; a(1); ibase\n"), ".78539816339744830961\n16\n");
    // Without -l the names are ordinary undefined functions.
    assert!(bc("s(1)\n").2.contains("Function s not defined."));
}

#[test]
fn huge_work_stops_on_the_meter() {
    for src in [
        "obase=2; 10^100000\n",
        "e(10^6)\n",
        "for (i=0; i<16777216; i++) a[i]=10^100\n",
        "scale=1000000; l(10^50000)\n",
    ] {
        let (st, _, _) = run(&["bc", "-l"], src.as_bytes());
        assert_eq!(st, 137, "{src} stops on a limit");
    }
}
