//! The awk lexer: bytes to tokens. Whether `/` starts a regex or divides is decided from the
//! previous token (after an operand it divides), as the classic implementations do. Newlines
//! are tokens (they end statements); a backslash before a newline joins lines.

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Num(f64),
    Str(Vec<u8>),
    Regex(Vec<u8>),
    /// A name immediately followed by `(`: a function call.
    FuncName(Vec<u8>),
    Name(Vec<u8>),
    /// A built-in function name.
    Builtin(Vec<u8>),
    Begin,
    End,
    Function,
    If,
    Else,
    While,
    For,
    Do,
    Break,
    Continue,
    Next,
    NextFile,
    Exit,
    Return,
    Delete,
    In,
    Getline,
    Print,
    Printf,
    Newline,
    Semi,
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Caret,
    Not,
    Gt,
    Lt,
    Pipe,
    Question,
    Colon,
    Tilde,
    NoMatch,
    Dollar,
    Assign,
    AddAssign,
    SubAssign,
    MulAssign,
    DivAssign,
    ModAssign,
    PowAssign,
    Eq,
    Le,
    Ge,
    Ne,
    Incr,
    Decr,
    AndAnd,
    OrOr,
    Append,
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    /// Source index (for `-f` files), line (1-based) and byte offset of the token.
    pub src: usize,
    pub line: usize,
    pub pos: usize,
}

/// A lexing error: message, line and byte offset.
#[derive(Debug)]
pub struct LexError {
    pub msg: String,
    pub line: usize,
    pub pos: usize,
}

pub fn is_builtin_name(n: &[u8]) -> bool {
    super::ast::Builtin::from_name(n).is_some()
}

fn keyword(n: &[u8]) -> Option<Tok> {
    Some(match n {
        b"BEGIN" => Tok::Begin,
        b"END" => Tok::End,
        b"function" | b"func" => Tok::Function,
        b"if" => Tok::If,
        b"else" => Tok::Else,
        b"while" => Tok::While,
        b"for" => Tok::For,
        b"do" => Tok::Do,
        b"break" => Tok::Break,
        b"continue" => Tok::Continue,
        b"next" => Tok::Next,
        b"nextfile" => Tok::NextFile,
        b"exit" => Tok::Exit,
        b"return" => Tok::Return,
        b"delete" => Tok::Delete,
        b"in" => Tok::In,
        b"getline" => Tok::Getline,
        b"print" => Tok::Print,
        b"printf" => Tok::Printf,
        _ => return None,
    })
}

/// Whether a `/` after this token divides (the token ends an operand).
fn ends_operand(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Num(_)
            | Tok::Str(_)
            | Tok::Regex(_)
            | Tok::Name(_)
            | Tok::Builtin(_)
            | Tok::RParen
            | Tok::RBracket
            | Tok::Incr
            | Tok::Decr
            | Tok::Dollar
    )
}

/// Decodes a string-literal escape at `s[i]` (just after the backslash). Returns the bytes
/// and how many input bytes were used.
pub fn string_escape(s: &[u8], i: usize) -> (Vec<u8>, usize) {
    let Some(&c) = s.get(i) else {
        return (b"\\".to_vec(), 0);
    };
    let one = |b: u8| (vec![b], 1);
    match c {
        b'n' => one(b'\n'),
        b't' => one(b'\t'),
        b'r' => one(b'\r'),
        b'a' => one(7),
        b'b' => one(8),
        b'f' => one(12),
        b'v' => one(11),
        b'\\' => one(b'\\'),
        b'"' => one(b'"'),
        b'/' => one(b'/'),
        b'0'..=b'7' => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 3 && matches!(s.get(i + n), Some(b'0'..=b'7')) {
                v = v * 8 + (s[i + n] - b'0') as u32;
                n += 1;
            }
            (vec![v as u8], n)
        }
        b'x' => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 2 && s.get(i + 1 + n).is_some_and(|b| b.is_ascii_hexdigit()) {
                v = v * 16 + (s[i + 1 + n] as char).to_digit(16).unwrap_or(0);
                n += 1;
            }
            if n == 0 {
                (b"\\x".to_vec(), 1)
            } else {
                (vec![v as u8], n + 1)
            }
        }
        // gawk keeps the character and drops the backslash (with a lint warning).
        _ => one(c),
    }
}

/// Processes escapes in a `-v` or operand assignment value (as in a string literal).
pub fn process_escapes(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' && i + 1 < s.len() {
            let (b, n) = string_escape(s, i + 1);
            out.extend_from_slice(&b);
            i += 1 + n;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// Tokenizes one source text.
pub fn lex(s: &[u8], src: usize) -> Result<Vec<Token>, LexError> {
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < s.len() {
        let c = s[i];
        let start = i;
        let push = |out: &mut Vec<Token>, tok: Tok, line: usize| {
            out.push(Token {
                tok,
                src,
                line,
                pos: start,
            })
        };
        match c {
            b' ' | b'\t' | b'\r' => {
                i += 1;
            }
            b'\\' if s.get(i + 1) == Some(&b'\n') => {
                i += 2;
                line += 1;
            }
            b'\\' if s.get(i + 1) == Some(&b'\r') && s.get(i + 2) == Some(&b'\n') => {
                i += 3;
                line += 1;
            }
            b'\n' => {
                push(&mut out, Tok::Newline, line);
                i += 1;
                line += 1;
            }
            b'#' => {
                while i < s.len() && s[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                let mut v = Vec::new();
                loop {
                    match s.get(i) {
                        None | Some(b'\n') => {
                            return Err(LexError {
                                msg: "unterminated string".into(),
                                line,
                                pos: start,
                            })
                        }
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        Some(b'\\') => {
                            if s.get(i + 1) == Some(&b'\n') {
                                i += 2;
                                line += 1;
                                continue;
                            }
                            let (b, n) = string_escape(s, i + 1);
                            v.extend_from_slice(&b);
                            i += 1 + n;
                        }
                        Some(&b) => {
                            v.push(b);
                            i += 1;
                        }
                    }
                }
                push(&mut out, Tok::Str(v), line);
            }
            b'/' if !out.last().is_some_and(|t| ends_operand(&t.tok)) => {
                i += 1;
                let mut v = Vec::new();
                let mut in_bracket = false;
                loop {
                    match s.get(i) {
                        None | Some(b'\n') => {
                            return Err(LexError {
                                msg: "unterminated regexp".into(),
                                line,
                                pos: start,
                            })
                        }
                        Some(b'/') if !in_bracket => {
                            i += 1;
                            break;
                        }
                        Some(b'\\') if s.get(i + 1) == Some(&b'/') => {
                            v.push(b'/');
                            i += 2;
                        }
                        Some(b'\\') if s.get(i + 1) == Some(&b'\n') => {
                            i += 2;
                            line += 1;
                        }
                        Some(b'\\') => {
                            v.push(b'\\');
                            if let Some(&n) = s.get(i + 1) {
                                v.push(n);
                            }
                            i += 2;
                        }
                        Some(b'[') if !in_bracket => {
                            in_bracket = true;
                            v.push(b'[');
                            i += 1;
                            // `[]...]` and `[^]...]`: the first `]` is literal.
                            if s.get(i) == Some(&b'^') {
                                v.push(b'^');
                                i += 1;
                            }
                            if s.get(i) == Some(&b']') {
                                v.push(b']');
                                i += 1;
                            }
                        }
                        Some(b'[') if s.get(i + 1).is_some_and(|b| b":.=".contains(b)) => {
                            // A class `[:alpha:]` inside a bracket.
                            let close = s.get(i + 1).copied().unwrap_or(b':');
                            v.extend_from_slice(&s[i..i + 2]);
                            i += 2;
                            while i < s.len() && s[i] != b'\n' {
                                if s[i] == close && s.get(i + 1) == Some(&b']') {
                                    v.extend_from_slice(&[close, b']']);
                                    i += 2;
                                    break;
                                }
                                v.push(s[i]);
                                i += 1;
                            }
                        }
                        Some(b']') if in_bracket => {
                            in_bracket = false;
                            v.push(b']');
                            i += 1;
                        }
                        Some(&b) => {
                            v.push(b);
                            i += 1;
                        }
                    }
                }
                push(&mut out, Tok::Regex(v), line);
            }
            b'0'..=b'9' | b'.' if c != b'.' || s.get(i + 1).is_some_and(|b| b.is_ascii_digit()) => {
                let (v, n) = lex_number(&s[i..]);
                i += n;
                push(&mut out, Tok::Num(v), line);
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
                    i += 1;
                }
                let name = s[start..i].to_vec();
                let tok = if let Some(k) = keyword(&name) {
                    k
                } else if is_builtin_name(&name) {
                    Tok::Builtin(name)
                } else if s.get(i) == Some(&b'(') {
                    Tok::FuncName(name)
                } else {
                    Tok::Name(name)
                };
                push(&mut out, tok, line);
            }
            _ => {
                let two = |a: u8| s.get(i + 1) == Some(&a);
                let (tok, n) = match c {
                    b'{' => (Tok::LBrace, 1),
                    b'}' => (Tok::RBrace, 1),
                    b'(' => (Tok::LParen, 1),
                    b')' => (Tok::RParen, 1),
                    b'[' => (Tok::LBracket, 1),
                    b']' => (Tok::RBracket, 1),
                    b';' => (Tok::Semi, 1),
                    b',' => (Tok::Comma, 1),
                    b'+' if two(b'+') => (Tok::Incr, 2),
                    b'+' if two(b'=') => (Tok::AddAssign, 2),
                    b'+' => (Tok::Plus, 1),
                    b'-' if two(b'-') => (Tok::Decr, 2),
                    b'-' if two(b'=') => (Tok::SubAssign, 2),
                    b'-' => (Tok::Minus, 1),
                    b'*' if two(b'*') && s.get(i + 2) == Some(&b'=') => (Tok::PowAssign, 3),
                    b'*' if two(b'*') => (Tok::Caret, 2),
                    b'*' if two(b'=') => (Tok::MulAssign, 2),
                    b'*' => (Tok::Star, 1),
                    b'/' if two(b'=') => (Tok::DivAssign, 2),
                    b'/' => (Tok::Slash, 1),
                    b'%' if two(b'=') => (Tok::ModAssign, 2),
                    b'%' => (Tok::Percent, 1),
                    b'^' if two(b'=') => (Tok::PowAssign, 2),
                    b'^' => (Tok::Caret, 1),
                    b'!' if two(b'=') => (Tok::Ne, 2),
                    b'!' if two(b'~') => (Tok::NoMatch, 2),
                    b'!' => (Tok::Not, 1),
                    b'>' if two(b'=') => (Tok::Ge, 2),
                    b'>' if two(b'>') => (Tok::Append, 2),
                    b'>' => (Tok::Gt, 1),
                    b'<' if two(b'=') => (Tok::Le, 2),
                    b'<' => (Tok::Lt, 1),
                    b'@' => {
                        // @include, @load, @namespace and indirect calls (@f()).
                        return Err(LexError {
                            msg: "`@' directives and indirect calls are a gawk extension \
                                  shellsim does not support"
                                .into(),
                            line,
                            pos: start,
                        });
                    }
                    b'|' if two(b'&') => {
                        return Err(LexError {
                            msg: "two-way pipes (`|&') are a gawk extension shellsim does not \
                                  support"
                                .into(),
                            line,
                            pos: start,
                        });
                    }
                    b'|' if two(b'|') => (Tok::OrOr, 2),
                    b'|' => (Tok::Pipe, 1),
                    b'&' if two(b'&') => (Tok::AndAnd, 2),
                    b'?' => (Tok::Question, 1),
                    b':' => (Tok::Colon, 1),
                    b'~' => (Tok::Tilde, 1),
                    b'$' => (Tok::Dollar, 1),
                    b'=' if two(b'=') => (Tok::Eq, 2),
                    b'=' => (Tok::Assign, 1),
                    _ => {
                        return Err(LexError {
                            msg: format!(
                                "invalid char '{}' in expression",
                                String::from_utf8_lossy(&s[i..i + 1])
                            ),
                            line,
                            pos: start,
                        })
                    }
                };
                i += n;
                push(&mut out, tok, line);
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        src,
        line,
        pos: s.len(),
    });
    Ok(out)
}

/// A numeric literal at the start of `s`: value and length. Besides decimal, gawk reads
/// `0x` hex and leading-zero octal constants in program text (not in input data).
fn lex_number(s: &[u8]) -> (f64, usize) {
    if s.len() > 2 && s[0] == b'0' && (s[1] | 0x20) == b'x' && s[2].is_ascii_hexdigit() {
        let mut i = 2;
        let mut v = 0f64;
        while i < s.len() && s[i].is_ascii_hexdigit() {
            v = v * 16.0 + (s[i] as char).to_digit(16).unwrap_or(0) as f64;
            i += 1;
        }
        // gawk's scanner takes a following fraction into the token and then ignores it
        // (`0x1.8` is 1).
        if s.get(i) == Some(&b'.') {
            i += 1;
            while i < s.len() && s[i].is_ascii_digit() {
                i += 1;
            }
        }
        return (v, i);
    }
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    if i < s.len() && s[i] == b'.' {
        i += 1;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < s.len() && (s[i] | 0x20) == b'e' {
        let mut j = i + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        if j < s.len() && s[j].is_ascii_digit() {
            while j < s.len() && s[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    let digits = &s[..i];
    // `011` is 9; a constant with an 8 or 9, a point or an exponent stays decimal (`019`).
    if digits.len() > 1 && digits[0] == b'0' && digits.iter().all(|b| (b'0'..=b'7').contains(b)) {
        let v = digits
            .iter()
            .fold(0f64, |v, &d| v * 8.0 + f64::from(d - b'0'));
        return (v, i);
    }
    let text = std::str::from_utf8(digits).unwrap_or("0");
    (text.parse::<f64>().unwrap_or(0.0), i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s.as_bytes(), 0)
            .unwrap()
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn regex_versus_division() {
        assert_eq!(
            toks("a / 2 / 3"),
            vec![
                Tok::Name(b"a".to_vec()),
                Tok::Slash,
                Tok::Num(2.0),
                Tok::Slash,
                Tok::Num(3.0),
                Tok::Eof
            ]
        );
        assert_eq!(
            toks("$0 ~ /a\\/b[/]/"),
            vec![
                Tok::Dollar,
                Tok::Num(0.0),
                Tok::Tilde,
                Tok::Regex(b"a/b[/]".to_vec()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn strings_and_numbers() {
        assert_eq!(
            toks("\"a\\tb\\101\" 1e3 .5 0x1f f(x"),
            vec![
                Tok::Str(b"a\tbA".to_vec()),
                Tok::Num(1000.0),
                Tok::Num(0.5),
                Tok::Num(31.0),
                Tok::FuncName(b"f".to_vec()),
                Tok::LParen,
                Tok::Name(b"x".to_vec()),
                Tok::Eof
            ]
        );
        assert_eq!(process_escapes(b"a\\nb\\\\"), b"a\nb\\");
    }

    #[test]
    fn gawk_octal_and_hex_constants() {
        let nums = |src: &str| -> Vec<f64> {
            toks(src)
                .into_iter()
                .filter_map(|t| match t {
                    Tok::Num(n) => Some(n),
                    _ => None,
                })
                .collect()
        };
        // As gawk 5.2 prints them: 011 is octal, 019/011.5/011e1 decimal, 0x1.8 drops ".8".
        assert_eq!(
            nums("011 019 011.5 011e1 00 0x1.8 0x1e5"),
            vec![9.0, 19.0, 11.5, 110.0, 0.0, 1.0, 485.0]
        );
    }
}
