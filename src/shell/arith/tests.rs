use super::*;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
enum Var {
    Scalar(String),
    Indexed(BTreeMap<i64, String>),
    Assoc(BTreeMap<String, String>),
}

/// Mock environment backed by a BTreeMap, resolving negative indices
/// like bash.
#[derive(Default)]
struct MockEnv {
    vars: BTreeMap<String, Var>,
    nounset: bool,
    warnings: Vec<String>,
    charges: u64,
    charge_limit: Option<u64>,
    readonly: Vec<String>,
}

impl MockEnv {
    fn scalar(mut self, n: &str, v: &str) -> Self {
        self.vars.insert(n.into(), Var::Scalar(v.into()));
        self
    }
    fn indexed(mut self, n: &str, vals: &[&str]) -> Self {
        let m = vals
            .iter()
            .enumerate()
            .map(|(i, v)| (i as i64, v.to_string()))
            .collect();
        self.vars.insert(n.into(), Var::Indexed(m));
        self
    }
    fn assoc(mut self, n: &str, kv: &[(&str, &str)]) -> Self {
        let m = kv
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        self.vars.insert(n.into(), Var::Assoc(m));
        self
    }
    /// The same variables the expectation table was recorded with.
    fn table_env() -> Self {
        MockEnv::default()
            .scalar("x", "3")
            .scalar("y", "x+1")
            .scalar("s", "s")
            .scalar("bad", "08")
            .scalar("e", "")
            .scalar("sp", " 7 ")
            .scalar("w", "a b")
            .scalar("inv", "1 +")
            .scalar("neg", "-3")
            .scalar("h", "0x10")
            .indexed("arr", &["10", "20", "30"])
            .assoc("A", &[("k", "5"), ("a b", "6"), (" k ", "7")])
    }
    fn get(&self, n: &str) -> Option<String> {
        match self.vars.get(n)? {
            Var::Scalar(s) => Some(s.clone()),
            Var::Indexed(a) => a.get(&0).cloned(),
            Var::Assoc(h) => h.get("0").cloned(),
        }
    }
    fn elem(&self, n: &str, i: i64) -> Option<String> {
        match self.vars.get(n)? {
            Var::Indexed(a) => a.get(&i).cloned(),
            Var::Scalar(s) if i == 0 => Some(s.clone()),
            _ => None,
        }
    }
    fn key(&self, n: &str, k: &str) -> Option<String> {
        match self.vars.get(n)? {
            Var::Assoc(h) => h.get(k).cloned(),
            _ => None,
        }
    }
    fn resolve(a: &BTreeMap<i64, String>, i: i64) -> Option<i64> {
        if i >= 0 {
            return Some(i);
        }
        let n = i + a.keys().next_back().map_or(0, |m| m + 1);
        (n >= 0).then_some(n)
    }
}

impl ArithEnv for MockEnv {
    fn get_var(&mut self, name: &str) -> Option<String> {
        self.get(name)
    }
    fn get_elem(&mut self, name: &str, index: &Index) -> Option<String> {
        match (self.vars.get(name)?, index) {
            (Var::Indexed(a), Index::Int(i)) => match Self::resolve(a, *i) {
                Some(i) => a.get(&i).cloned(),
                None => {
                    self.warnings.push(format!("{name}: bad array subscript"));
                    None
                }
            },
            (Var::Scalar(s), Index::Int(0)) => Some(s.clone()),
            (Var::Assoc(h), Index::Key(k)) => h.get(k).cloned(),
            _ => None,
        }
    }
    fn is_assoc(&mut self, name: &str) -> bool {
        matches!(self.vars.get(name), Some(Var::Assoc(_)))
    }
    fn set_var(&mut self, name: &str, value: i64) -> Result<(), ArithError> {
        if self.readonly.iter().any(|r| r == name) {
            return Err(ArithError::new(format!("{name}: readonly variable")));
        }
        match self.vars.get_mut(name) {
            Some(Var::Indexed(a)) => {
                a.insert(0, value.to_string());
            }
            Some(Var::Assoc(h)) => {
                h.insert("0".into(), value.to_string());
            }
            _ => {
                self.vars
                    .insert(name.into(), Var::Scalar(value.to_string()));
            }
        }
        Ok(())
    }
    fn set_elem(&mut self, name: &str, index: &Index, value: i64) -> Result<(), ArithError> {
        let v = self
            .vars
            .entry(name.into())
            .or_insert_with(|| Var::Indexed(BTreeMap::new()));
        if let Var::Scalar(s) = v {
            *v = Var::Indexed([(0, s.clone())].into_iter().collect());
        }
        match (v, index) {
            (Var::Indexed(a), Index::Int(i)) => match Self::resolve(a, *i) {
                Some(i) => {
                    a.insert(i, value.to_string());
                }
                None => self
                    .warnings
                    .push(format!("{name}[{i}]: bad array subscript")),
            },
            (Var::Assoc(h), Index::Key(k)) => {
                h.insert(k.clone(), value.to_string());
            }
            _ => {}
        }
        Ok(())
    }
    fn charge(&mut self) -> Result<(), ArithError> {
        self.charges += 1;
        match self.charge_limit {
            Some(l) if self.charges > l => Err(ArithError::new("resource limit exceeded")),
            _ => Ok(()),
        }
    }
    fn nounset(&self) -> bool {
        self.nounset
    }
    fn var_exists(&mut self, name: &str) -> bool {
        self.vars.contains_key(name)
    }
    fn warn(&mut self, message: &str) {
        self.warnings.push(message.to_string());
    }
}

/// Expectations recorded from GNU bash 5.2.15 (`echo "$(($expr))"`, the
/// expression text coming from a variable so it is passed verbatim), with
/// the variables of `MockEnv::table_env()`.
#[rustfmt::skip]
const TABLE: &[(&str, Result<i64, &str>)] = &[
("1+2", Ok(3)),
(" 1 + 2 * 3 ", Ok(7)),
("(1+2)*3", Ok(9)),
("2**63", Ok(-9223372036854775808)),
("2**64", Ok(0)),
("3 ** 40", Ok(-6289078614652622815)),
("-2**2", Ok(4)),
("-2**3", Ok(-8)),
("(-2)**2", Ok(4)),
("2**3**2", Ok(512)),
("!2**0", Ok(1)),
("~1**2", Ok(4)),
("0**0", Ok(1)),
("3**-0", Ok(1)),
("2**-1", Err("2**-1: exponent less than 0 (error token is \"1\")")),
("2**-1 + 3", Err("2**-1 + 3: exponent less than 0 (error token is \"+ 3\")")),
("0 && 2**-1", Err("0 && 2**-1: exponent less than 0 (error token is \"1\")")),
("0 && 2**-(5%0)", Ok(0)),
("9223372036854775807+1", Ok(-9223372036854775808)),
("9223372036854775808", Ok(-9223372036854775808)),
("99999999999999999999", Ok(7766279631452241919)),
("-9223372036854775808 / -1", Ok(-9223372036854775808)),
("-9223372036854775808 % -1", Ok(0)),
("-9223372036854775807 - 3", Ok(9223372036854775806)),
("9223372036854775807 * 2", Ok(-2)),
("1/0", Err("1/0: division by 0 (error token is \"0\")")),
("5%0", Err("5%0: division by 0 (error token is \"0\")")),
("1 / 0 ", Err("1 / 0 : division by 0 (error token is \"0 \")")),
("7 % -0", Err("7 % -0: division by 0 (error token is \"-0\")")),
("5 + 1/0 + 3", Err("5 + 1/0 + 3: division by 0 (error token is \"0 + 3\")")),
("(1/0)", Err("(1/0): division by 0 (error token is \"0)\")")),
("0 && 1/0", Ok(0)),
("1 || 1/0", Ok(1)),
("1 && 1/0", Err("1 && 1/0: division by 0 (error token is \"0\")")),
("0 ? 1/0 : 2", Ok(2)),
("-7/2", Ok(-3)),
("7%-3", Ok(1)),
("-5 % 3", Ok(-2)),
("1<<64", Ok(1)),
("1<<65", Ok(2)),
("1<<-1", Ok(-9223372036854775808)),
("-1>>1", Ok(-1)),
("-8>>1", Ok(-4)),
("1 << 2 + 1", Ok(8)),
("5 > 3 == 1", Ok(1)),
("1 <= 2 < 3", Ok(1)),
("1 == 1 != 0", Ok(1)),
("3 | 4 ^ 6 & 5", Ok(3)),
("1 && 2 || 0 && 3", Ok(1)),
("!5", Ok(0)),
("!0", Ok(1)),
("~5", Ok(-6)),
("~0", Ok(-1)),
("!!5", Ok(1)),
("~~5", Ok(5)),
("- -1", Ok(1)),
("--1", Ok(1)),
("++1", Ok(1)),
("--5", Ok(5)),
("-+-5", Ok(5)),
("+ + 1", Ok(1)),
("010", Ok(8)),
("08", Err("08: value too great for base (error token is \"08\")")),
("0x1F", Ok(31)),
("0X1f", Ok(31)),
("0x", Ok(0)),
("0xffffffffffffffff", Ok(-1)),
("0x7fffffffffffffff", Ok(9223372036854775807)),
("0x1g", Err("0x1g: value too great for base (error token is \"0x1g\")")),
("0x1.5", Err("0x1.5: syntax error: invalid arithmetic operator (error token is \".5\")")),
("1.5", Err("1.5: syntax error: invalid arithmetic operator (error token is \".5\")")),
("1e5", Err("1e5: value too great for base (error token is \"1e5\")")),
("1a", Err("1a: value too great for base (error token is \"1a\")")),
("1_1", Err("1_1: value too great for base (error token is \"1_1\")")),
("2#101", Ok(5)),
("2#", Err("2#: invalid integer constant (error token is \"2#\")")),
("2#2", Err("2#2: value too great for base (error token is \"2#2\")")),
("2#1_1", Err("2#1_1: value too great for base (error token is \"2#1_1\")")),
("2##1", Err("2##1: invalid integer constant (error token is \"2##1\")")),
("2#1#1", Err("2#1#1: invalid number (error token is \"2#1#1\")")),
("0#1", Err("0#1: invalid number (error token is \"0#1\")")),
("0x#1", Err("0x#1: invalid number (error token is \"0x#1\")")),
("010#9", Err("010#9: invalid number (error token is \"010#9\")")),
("08#1", Err("08#1: value too great for base (error token is \"08#1\")")),
("1#1", Err("1#1: invalid arithmetic base (error token is \"1#1\")")),
("1#", Err("1#: invalid arithmetic base (error token is \"1#\")")),
("10#", Err("10#: invalid integer constant (error token is \"10#\")")),
("10#a", Err("10#a: value too great for base (error token is \"10#a\")")),
("12#b", Ok(11)),
("12#c", Err("12#c: value too great for base (error token is \"12#c\")")),
("16#ff", Ok(255)),
("36#zZ", Ok(1295)),
("36#ZZ", Ok(1295)),
("37#z", Ok(35)),
("62#Z", Ok(61)),
("64#@_", Ok(4031)),
("64#zZ@_", Ok(9428927)),
("64#", Err("64#: invalid integer constant (error token is \"64#\")")),
("65#1", Err("65#1: invalid arithmetic base (error token is \"65#1\")")),
("100000000000000000000#1", Err("100000000000000000000#1: invalid arithmetic base (error token is \"100000000000000000000#1\")")),
("1 ? 2 : 3", Ok(2)),
("0 ? 2 : 3", Ok(3)),
("1 ? 2 : 3 ? 4 : 5", Ok(2)),
("0 ? 2 : 0 ? 4 : 5", Ok(5)),
("1 ? 2 ? 3 : 4 : 5", Ok(3)),
("0?z=4:5", Ok(5)),
("1 ? 2", Err("1 ? 2: `:' expected for conditional expression (error token is \"2\")")),
("1 ? 2 :", Err("1 ? 2 :: expression expected (error token is \":\")")),
("1 ?", Err("1 ?: expression expected (error token is \"?\")")),
("1 ?: 2", Err("1 ?: 2: expression expected (error token is \": 2\")")),
("5 ? : 3", Err("5 ? : 3: expression expected (error token is \": 3\")")),
("0 ? 1 : ", Err("0 ? 1 : : expression expected (error token is \": \")")),
("1 : 2", Err("1 : 2: syntax error in expression (error token is \": 2\")")),
("1 ? 2 : (3", Err("1 ? 2 : (3: missing `)' (error token is \"3\")")),
("1,2", Ok(2)),
("(1, 2) + 3", Ok(5)),
("1 ,", Err("1 ,: syntax error: operand expected (error token is \",\")")),
("4 ,", Err("4 ,: syntax error: operand expected (error token is \",\")")),
(", 4", Err(", 4: syntax error: operand expected (error token is \", 4\")")),
("1 +", Err("1 +: syntax error: operand expected (error token is \"+\")")),
("1 + + ", Err("1 + + : syntax error: operand expected (error token is \"+ \")")),
("  1 +  ", Err("1 +  : syntax error: operand expected (error token is \"+  \")")),
("1+\n", Err("1+\n: syntax error: operand expected (error token is \"+\n\")")),
("\t1\t+\t", Err("1\t+\t: syntax error: operand expected (error token is \"+\t\")")),
("\n1+", Err("\n1+: syntax error: operand expected (error token is \"+\")")),
("1+\r2", Err("1+\r2: syntax error: operand expected (error token is \"\r2\")")),
("-", Err("-: syntax error: operand expected (error token is \"-\")")),
("5 - ", Err("5 - : syntax error: operand expected (error token is \"- \")")),
("=", Err("=: syntax error: operand expected (error token is \"=\")")),
("1=", Err("1=: attempted assignment to non-variable (error token is \"=\")")),
("5=3", Err("5=3: attempted assignment to non-variable (error token is \"=3\")")),
("z=", Err("z=: syntax error: operand expected (error token is \"=\")")),
("z =", Err("z =: syntax error: operand expected (error token is \"=\")")),
("z = = 5", Err("z = = 5: syntax error: operand expected (error token is \"= 5\")")),
("z==", Err("z==: syntax error: operand expected (error token is \"==\")")),
("z== 5", Ok(0)),
("(1", Err("(1: missing `)' (error token is \"1\")")),
("(1+2", Err("(1+2: missing `)' (error token is \"2\")")),
("((1)", Err("((1): missing `)' (error token is \")\")")),
("1)", Err("1): syntax error in expression (error token is \")\")")),
("(1+2))", Err("(1+2)): syntax error in expression (error token is \")\")")),
("()", Err("(): syntax error: operand expected (error token is \")\")")),
("(", Err("(: syntax error: operand expected (error token is \"(\")")),
(")", Err("): syntax error: operand expected (error token is \")\")")),
("1 2", Err("1 2: syntax error in expression (error token is \"2\")")),
("1 2 3", Err("1 2 3: syntax error in expression (error token is \"2 3\")")),
("z y", Err("z y: syntax error in expression (error token is \"y\")")),
("1 ; 2", Err("1 ; 2: syntax error: invalid arithmetic operator (error token is \"; 2\")")),
("1 # 2", Err("1 # 2: syntax error: invalid arithmetic operator (error token is \"# 2\")")),
("1 ;", Err("1 ;: syntax error: invalid arithmetic operator (error token is \";\")")),
("(1) ;", Err("(1) ;: syntax error: operand expected (error token is \";\")")),
("z++ ;", Err("z++ ;: syntax error: invalid arithmetic operator (error token is \";\")")),
("++z ;", Err("++z ;: syntax error: invalid arithmetic operator (error token is \";\")")),
("1 ** ;", Err("1 ** ;: syntax error: operand expected (error token is \";\")")),
("1 == ;", Err("1 == ;: syntax error: operand expected (error token is \";\")")),
("$z", Err("$z: syntax error: operand expected (error token is \"$z\")")),
("@", Err("@: syntax error: operand expected (error token is \"@\")")),
("[", Err("[: syntax error: operand expected (error token is \"[\")")),
("]", Err("]: syntax error: operand expected (error token is \"]\")")),
("{", Err("{: syntax error: operand expected (error token is \"{\")")),
("\\", Err("\\: syntax error: operand expected (error token is \"\\\")")),
("\"1\"", Err("\"1\": syntax error: operand expected (error token is \"\"1\"\")")),
("'1'", Err("'1': syntax error: operand expected (error token is \"'1'\")")),
("x", Ok(3)),
("x*2", Ok(6)),
("x=5, x*2", Ok(10)),
("z=1+2, z*2", Ok(6)),
("y", Ok(4)),
("y*2", Ok(8)),
("s", Err("s: expression recursion level exceeded (error token is \"s\")")),
("e", Ok(0)),
("e+1", Ok(1)),
("sp", Ok(7)),
("w", Err("a b: syntax error in expression (error token is \"b\")")),
("inv", Err("1 +: syntax error: operand expected (error token is \"+\")")),
("inv+1", Err("1 +: syntax error: operand expected (error token is \"+\")")),
("bad", Err("08: value too great for base (error token is \"08\")")),
("neg**2", Ok(9)),
("h", Ok(16)),
("0 && inv", Ok(0)),
("0 ? inv : 5", Ok(5)),
("1 ? 5 : inv", Ok(5)),
("1 || inv", Ok(1)),
("0 ? z=1/0 : 2", Ok(2)),
("1/0 inv", Err("1 +: syntax error: operand expected (error token is \"+\")")),
("1/0 08", Err("1/0 08: value too great for base (error token is \"08\")")),
("1/0 ;", Err("1/0 ;: syntax error: invalid arithmetic operator (error token is \";\")")),
("1/0 )", Err("1/0 ): division by 0 (error token is \"0 )\")")),
("z inv 08", Err("z inv 08: value too great for base (error token is \"08\")")),
("z 08", Err("z 08: value too great for base (error token is \"08\")")),
("inv 08", Err("inv 08: value too great for base (error token is \"08\")")),
("inv ;", Err("inv ;: syntax error: invalid arithmetic operator (error token is \";\")")),
("z a[", Err("z a[: bad array subscript (error token is \"a[\")")),
("a[ 08", Err("a[ 08: bad array subscript (error token is \"a[ 08\")")),
("z++", Ok(0)),
("z--", Ok(0)),
("++z", Ok(1)),
("--z", Ok(-1)),
("-- z", Ok(-1)),
("z++ ++", Err("z++ ++: syntax error: operand expected (error token is \"+\")")),
("3++", Err("3++: syntax error: operand expected (error token is \"+\")")),
("(z)++", Err("(z)++: syntax error: operand expected (error token is \"+\")")),
("++5", Ok(5)),
("++ 5", Ok(5)),
("z+++x", Ok(3)),
("z---x", Ok(-3)),
("z++x", Err("z++x: syntax error in expression (error token is \"x\")")),
("z+ ++x", Ok(4)),
("z--1", Err("z--1: syntax error in expression (error token is \"1\")")),
("1--z", Err("1--z: syntax error in expression (error token is \"--z\")")),
("1 -- z", Err("1 -- z: syntax error in expression (error token is \"-- z\")")),
("1---z", Ok(2)),
("1++", Err("1++: syntax error: operand expected (error token is \"+\")")),
("++", Err("++: syntax error: operand expected (error token is \"+\")")),
("--z++", Err("--z++: ++: assignment requires lvalue (error token is \"++\")")),
("++z--", Err("++z--: --: assignment requires lvalue (error token is \"--\")")),
("++z ++", Err("++z ++: ++: assignment requires lvalue (error token is \"++\")")),
("z ++", Ok(0)),
("z =5", Ok(5)),
("1+z=5", Err("1+z=5: attempted assignment to non-variable (error token is \"=5\")")),
("1*z=5", Err("1*z=5: attempted assignment to non-variable (error token is \"=5\")")),
("-z=5", Err("-z=5: attempted assignment to non-variable (error token is \"=5\")")),
("!z=5", Err("!z=5: attempted assignment to non-variable (error token is \"=5\")")),
("(z)=5", Err("(z)=5: attempted assignment to non-variable (error token is \"=5\")")),
("z++=5", Err("z++=5: attempted assignment to non-variable (error token is \"=5\")")),
("++z=5", Err("++z=5: attempted assignment to non-variable (error token is \"=5\")")),
("1?2:z=3", Err("1?2:z=3: attempted assignment to non-variable (error token is \"=3\")")),
("z=2,1+z+=5", Err("z=2,1+z+=5: attempted assignment to non-variable (error token is \"+=5\")")),
("z += 2 += 3", Err("z += 2 += 3: attempted assignment to non-variable (error token is \"+= 3\")")),
("z = 1 ? 2 : 3", Ok(2)),
("1 ? z = 7 : 3", Ok(7)),
("(z = 3) + z", Ok(6)),
("z=1, z+=z++", Ok(2)),
("x/=0", Err("x/=0: division by 0 (error token is \"0\")")),
("z /= 0 , 1", Err("z /= 0 , 1: division by 0 (error token is \", 1\")")),
("z = y = 4, z + y", Ok(8)),
("0 && 2**(z=-1)", Err("0 && 2**(z=-1): exponent less than 0 (error token is \")\")")),
("0 && 2**-(++z)", Err("0 && 2**-(++z): exponent less than 0 (error token is \")\")")),
("z=1, 0 && 2**-z", Ok(0)),
("arr", Ok(10)),
("arr[1]", Ok(20)),
("arr[ 1 ]", Ok(20)),
("arr[-1]", Ok(30)),
("arr[-3]", Ok(10)),
("arr[1+1]", Ok(30)),
("arr[x-2]", Ok(20)),
("arr[1]+arr[2]", Ok(50)),
("arr[\"1\"]", Ok(20)),
("arr['1']", Err("'1': syntax error: operand expected (error token is \"'1'\")")),
("arr[\\1]", Err("\\1: syntax error: operand expected (error token is \"\\1\")")),
("arr[1+]", Err("1+: syntax error: operand expected (error token is \"+\")")),
("arr[z y]", Err("z y: syntax error in expression (error token is \"y\")")),
("arr[1]]", Err("arr[1]]: syntax error: invalid arithmetic operator (error token is \"]\")")),
("arr[1", Err("arr[1: bad array subscript (error token is \"arr[1\")")),
("arr[", Err("arr[: bad array subscript (error token is \"arr[\")")),
("arr[[1]]", Err("[1]: syntax error: operand expected (error token is \"[1]\")")),
("arr[08]", Err("08: value too great for base (error token is \"08\")")),
("arr [1]", Err("arr [1]: syntax error: invalid arithmetic operator (error token is \"[1]\")")),
("arr[1] [2]", Err("arr[1] [2]: syntax error: invalid arithmetic operator (error token is \"[2]\")")),
("arr[5]", Ok(0)),
("arr[1]=5", Ok(5)),
("arr[1]+=5", Ok(25)),
("arr[1]++", Ok(20)),
("++arr[1]", Ok(21)),
("A[k]", Ok(5)),
("A[ k ]", Ok(7)),
("A[a b]", Ok(6)),
("A[ a b ]", Ok(0)),
("A[\"k\"]", Ok(5)),
("A['k']", Ok(5)),
("A[\\k]", Ok(5)),
("A[@]", Ok(0)),
("A[nokey]", Ok(0)),
("A[k]=1", Ok(1)),
("A[k]+=1", Ok(6)),
("x[0]", Ok(3)),
("x[1]", Ok(0)),
("1 +\n 2", Ok(3)),
("(\n1\n)", Ok(1)),
];

#[test]
fn table_matches_bash() {
    let mut failures = Vec::new();
    for (src, want) in TABLE {
        let mut env = MockEnv::table_env();
        let got = eval_str(src, &mut env).map_err(|e| e.message);
        let want = want.map_err(|e| e.to_string());
        if got != want {
            failures.push(format!("{src:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn run(env: &mut MockEnv, src: &str) -> Result<i64, String> {
    eval_str(src, env).map_err(|e| e.message)
}

#[test]
fn empty_expression_is_zero() {
    let mut env = MockEnv::default();
    for src in ["", "   ", " \n\t "] {
        let e = parse(src).unwrap();
        assert!(e.is_empty());
        assert_eq!(eval(&e, &mut env), Ok(0));
    }
    assert!(!parse("0").unwrap().is_empty());
}

#[test]
fn variables_and_side_effects() {
    let mut env = MockEnv::default();
    assert_eq!(run(&mut env, "x=1+2, x*2"), Ok(6));
    assert_eq!(env.get("x").as_deref(), Some("3"));
    env = env.scalar("x", "y").scalar("y", "5");
    assert_eq!(run(&mut env, "x"), Ok(5));
    env = env.scalar("u", "1");
    assert_eq!(run(&mut env, "u+=u++"), Ok(2));
    assert_eq!(env.get("u").as_deref(), Some("2"));
    assert_eq!(
        run(
            &mut env,
            "u=5, u <<= 2, u >>= 1, u |= 1, u &= 7, u ^= 2, u %= 4, u *= 3, u /= 2"
        ),
        Ok(1)
    );
    assert_eq!(run(&mut env, "i=2, j=i++ + ++i"), Ok(6));
    assert_eq!(
        (env.get("i").as_deref(), env.get("j").as_deref()),
        (Some("4"), Some("6"))
    );
    // Short-circuit: no assignments in untaken branches.
    assert_eq!(
        run(&mut env, "k=0, 0 && (k=1), 1 || (k=2), 1 ? 3 : (k=3), k"),
        Ok(0)
    );
    // Assignments done before a syntax error are kept, as in bash.
    assert_eq!(
        run(&mut env, "m=5, 1 +"),
        Err("m=5, 1 +: syntax error: operand expected (error token is \"+\")".into())
    );
    assert_eq!(env.get("m").as_deref(), Some("5"));
    // ... but the strict parser reports the syntax error before evaluating.
    assert_eq!(
        parse("n=5, 1 +").unwrap_err().message,
        "n=5, 1 +: syntax error: operand expected (error token is \"+\")"
    );
    // An evaluation error found before the syntax error wins (bash evaluates while parsing).
    assert_eq!(
        run(&mut env, "1/0 +"),
        Err("1/0 +: division by 0 (error token is \"0 +\")".into())
    );
}

#[test]
fn arrays() {
    // Recorded with bash: i=0; (( a[i++] = i )) -> a[0]=0 i=1 (subscript after rhs).
    let mut env = MockEnv::default().indexed("a", &[]);
    assert_eq!(run(&mut env, "i=0, a[i++] = i"), Ok(0));
    assert_eq!(
        (env.elem("a", 0).as_deref(), env.get("i").as_deref()),
        (Some("0"), Some("1"))
    );
    assert_eq!(run(&mut env, "i=0, a[i++]=(i+=5)"), Ok(5));
    assert_eq!(
        (env.elem("a", 5).as_deref(), env.get("i").as_deref()),
        (Some("5"), Some("6"))
    );
    // Compound assignment evaluates the subscript once, before the rhs.
    assert_eq!(run(&mut env, "i=0, a[i++] += i+10"), Ok(11));
    assert_eq!(
        (env.elem("a", 0).as_deref(), env.get("i").as_deref()),
        (Some("11"), Some("1"))
    );
    assert_eq!(run(&mut env, "i=0, a[i++]++"), Ok(11));
    assert_eq!(
        (env.elem("a", 0).as_deref(), env.get("i").as_deref()),
        (Some("12"), Some("1"))
    );
    assert_eq!(run(&mut env, "--a[0], a[-1]"), Ok(5));
    assert_eq!(run(&mut env, "a[-1] += 1"), Ok(6));
    assert_eq!(env.elem("a", 5).as_deref(), Some("6"));
    // Non-fatal diagnostics.
    assert_eq!(run(&mut env, "a[@]"), Ok(0));
    assert_eq!(run(&mut env, "a[]=5"), Ok(5));
    assert_eq!(
        env.warnings,
        vec!["a[@]: bad array subscript", "`a[]': not a valid identifier"]
    );
    // Associative arrays: raw key text with quote removal, not trimmed.
    let mut env = MockEnv::default().assoc("A", &[]);
    assert_eq!(
        run(
            &mut env,
            "A[ y ]=1, A[\"q r\"]=2, A[z]++, A[ w ]+=3, ++A[ v ], A[x+1]=4"
        ),
        Ok(4)
    );
    assert_eq!(env.key("A", " y ").as_deref(), Some("1"));
    assert_eq!(env.key("A", "q r").as_deref(), Some("2"));
    assert_eq!(env.key("A", "z").as_deref(), Some("1"));
    assert_eq!(env.key("A", " w ").as_deref(), Some("3"));
    assert_eq!(env.key("A", " v ").as_deref(), Some("1"));
    assert_eq!(env.key("A", "x+1").as_deref(), Some("4"));
    // A syntax error in a key is irrelevant for associative arrays.
    assert_eq!(run(&mut env, "A[1 +]"), Ok(0));
    assert_eq!(run(&mut env, "A[@]=9, A[@]"), Ok(9));
}

#[test]
fn nounset() {
    let mut env = MockEnv {
        nounset: true,
        ..MockEnv::default()
    }
    .indexed("a", &["1"])
    .scalar("e", "");
    let e = eval_str("y+1", &mut env).unwrap_err();
    assert_eq!(e.message, "y: unbound variable");
    assert!(e.fatal);
    assert_eq!(run(&mut env, "y=1"), Ok(1));
    assert_eq!(run(&mut env, "0 && z"), Ok(0));
    assert_eq!(run(&mut env, "e + a[5]"), Ok(0));
    assert_eq!(run(&mut env, "q++"), Err("q: unbound variable".into()));
    assert_eq!(run(&mut env, "b[1]"), Err("b: unbound variable".into()));
    assert!(!eval_str("1/0", &mut env).unwrap_err().fatal);
}

#[test]
fn env_errors_propagate() {
    let mut env = MockEnv {
        readonly: vec!["r".into()],
        ..MockEnv::default()
    };
    assert_eq!(
        run(&mut env, "q=1, r=2, q=3"),
        Err("r: readonly variable".into())
    );
    assert_eq!(env.get("q").as_deref(), Some("1"));
    let mut env = MockEnv {
        charge_limit: Some(50),
        ..MockEnv::default()
    };
    let long = vec!["1"; 1000].join("+");
    assert_eq!(run(&mut env, &long), Err("resource limit exceeded".into()));
    assert!(env.charges <= 51);
}

#[test]
fn recursion_limit() {
    let mut env = MockEnv::default().scalar("s", "s").scalar("r", "r+1");
    assert_eq!(
        run(&mut env, "s"),
        Err("s: expression recursion level exceeded (error token is \"s\")".into())
    );
    assert_eq!(
        run(&mut env, "r"),
        Err("r+1: expression recursion level exceeded (error token is \"r+1\")".into())
    );
    // bash 5.2: a chain v0 -> v1 -> ... -> v1022=5 works, one more fails.
    // Unoptimized builds have much larger stack frames and may hit
    // EVAL_STACK_BUDGET earlier, with the same error.
    for (n, ok) in [(300, true), (1022, true), (1023, false)] {
        let mut env = MockEnv::default();
        for i in 0..n {
            env = env.scalar(&format!("v{i}"), &format!("v{}", i + 1));
        }
        env = env.scalar(&format!("v{n}"), "5");
        let r = run(&mut env, "v0");
        if ok && (n <= 300 || !cfg!(debug_assertions)) {
            assert_eq!(r, Ok(5), "chain {n}");
        } else if !ok {
            assert!(r
                .unwrap_err()
                .contains("expression recursion level exceeded"));
        }
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    let mut env = MockEnv::default().indexed("a", &["0"]);
    let deep = [
        "(".repeat(100_000),
        format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000)),
        format!("{}1", "-".repeat(100_000)),
        format!("{}1", "! ".repeat(100_000)),
        format!("{}1", "x=".repeat(100_000)),
        format!("{}1", "1?".repeat(100_000)),
        format!("{}1", "2**".repeat(100_000)),
        format!("{}0{}", "a[".repeat(100_000), "]".repeat(100_000)),
        format!("{}1{}", "(1+".repeat(100_000), ")".repeat(100_000)),
        format!("{}1", "a=(".repeat(100_000)),
    ];
    for src in &deep {
        let r = eval_str(src, &mut env);
        assert!(r.is_err(), "{}", &src[..20]);
        let _ = parse(src);
    }
    // 256 levels are still fine.
    let ok = format!("{}1{}", "(".repeat(250), ")".repeat(250));
    assert_eq!(run(&mut env, &ok), Ok(1));
    let ok = format!("{}7{}", "(1*".repeat(120), ")".repeat(120));
    assert_eq!(run(&mut env, &ok), Ok(7));
    let ok = format!("{}0{}", "a[".repeat(200), "]".repeat(200));
    assert_eq!(run(&mut env, &ok), Ok(0));
}

#[test]
fn long_flat_inputs_are_fast() {
    let mut env = MockEnv::default();
    let sum = vec!["1"; 100_000].join("+");
    assert_eq!(run(&mut env, &sum), Ok(100_000));
    let commas = vec!["z=z+1"; 50_000].join(",");
    assert_eq!(run(&mut env, &commas), Ok(50_000));
    let idents = vec!["a"; 50_000].join(" ");
    assert!(run(&mut env, &idents).is_err());
    let short = vec!["0 && (1 || 1)"; 20_000].join(" || ");
    assert_eq!(run(&mut env, &short), Ok(0));
}

#[test]
fn never_panics_on_garbage() {
    let alphabet: &[u8] = b"0123456789xyzaA_#@$+-*/%<>=!~&|^?:,()[] \t\n'\"\\.;";
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut env = MockEnv::default()
        .scalar("x", "y+1")
        .scalar("y", "x")
        .indexed("a", &["1"])
        .assoc("A", &[]);
    for _ in 0..20_000 {
        let len = (seed % 24) as usize;
        let mut s = Vec::with_capacity(len);
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
        }
        let s = String::from_utf8(s).unwrap();
        let _ = eval_str(&s, &mut env);
        let _ = parse(&s).map(|e| eval(&e, &mut env));
    }
    // Non-ASCII and NUL input.
    for s in ["é", "1 + é", "x\u{0}+1", "A[é]", "a[\u{0}]", "1 ? é : 2"] {
        let _ = eval_str(s, &mut env);
    }
}

#[test]
fn parse_then_eval_reuses_ast() {
    let e = parse("i += 2").unwrap();
    let mut env = MockEnv::default();
    for _ in 0..5 {
        eval(&e, &mut env).unwrap();
    }
    assert_eq!(env.get("i").as_deref(), Some("10"));
    let c = e.clone();
    assert!(format!("{c:?}").contains("Assign"));
}
