//! Python's regular-expression syntax → [`Node`], with CPython's `re.error` messages and
//! positions (in code points of the pattern). Written from the documented syntax and the
//! observed behaviour of CPython 3.14, not from its `_parser.py`.

use super::ast::*;
use super::chars;

/// Why a pattern does not compile.
#[derive(Debug, Clone, PartialEq)]
pub enum ParseError {
    /// `re.error(msg, pattern, pos)`; `pos` is `None` for errors CPython reports without one.
    Re(String, Option<usize>),
    /// `OverflowError` (a repeat count too large).
    Overflow(String),
    /// `ValueError` (incompatible flags).
    Value(String),
    /// `RecursionError` (a pattern nested too deeply).
    Recursion,
    /// Syntax this implementation does not support, raised as `NotImplementedError`.
    NotImplemented(String),
}

type PResult<T> = Result<T, ParseError>;

fn err<T>(msg: impl Into<String>, pos: usize) -> PResult<T> {
    Err(ParseError::Re(msg.into(), Some(pos)))
}

/// Parsed pattern: the tree, the number of groups, names, and the final flags.
pub struct Parsed {
    pub node: Node,
    pub groups: usize,
    pub names: Vec<(String, usize)>,
    pub flags: u32,
}

/// Deepest nesting of groups accepted (the parser recurses once per level).
const MAX_DEPTH: usize = 400;

struct Parser<'a> {
    p: &'a [u32],
    i: usize,
    bytes: bool,
    /// Global flags (the compile flags plus leading inline flags).
    global: u32,
    /// Groups opened so far (the next group number is `groups + 1`).
    groups: usize,
    open: Vec<usize>,
    names: Vec<(String, usize)>,
    /// Width of each closed group (index = group number), for look-behind.
    widths: Vec<(u64, Option<u64>)>,
    /// Group count when the innermost enclosing look-behind started.
    lookbehind: Option<usize>,
    /// Conditional references to groups that may be defined later: (group, position).
    cond_refs: Vec<(usize, usize)>,
    /// True while nothing but global flag groups has been parsed.
    at_start: bool,
}

/// Parses `pattern` (code points; bytes are 0..=255) compiled with `flags`.
pub fn parse(pattern: &[u32], flags: u32, bytes: bool) -> PResult<Parsed> {
    let mut ps = Parser {
        p: pattern,
        i: 0,
        bytes,
        global: flags,
        groups: 0,
        open: Vec::new(),
        names: Vec::new(),
        widths: vec![(0, Some(0))],
        lookbehind: None,
        cond_refs: Vec::new(),
        at_start: true,
    };
    let node = ps.alternation(flags, 0)?;
    if ps.i < ps.p.len() {
        // Only a `)` stops the top-level alternation early.
        return err("unbalanced parenthesis", ps.i);
    }
    for &(g, pos) in &ps.cond_refs {
        if g > ps.groups {
            return err(format!("invalid group reference {g}"), pos);
        }
    }
    let mut f = ps.global;
    if bytes {
        if f & FLAG_U != 0 {
            return Err(ParseError::Value(
                "cannot use UNICODE flag with a bytes pattern".into(),
            ));
        }
        if f & FLAG_L != 0 && f & FLAG_A != 0 {
            return Err(ParseError::Value(
                "ASCII and LOCALE flags are incompatible".into(),
            ));
        }
    } else {
        if f & FLAG_L != 0 {
            return Err(ParseError::Value(
                "cannot use LOCALE flag with a str pattern".into(),
            ));
        }
        if f & FLAG_A == 0 {
            f |= FLAG_U;
        } else if f & FLAG_U != 0 {
            return Err(ParseError::Value(
                "ASCII and UNICODE flags are incompatible".into(),
            ));
        }
    }
    if f & FLAG_L != 0 {
        return Err(ParseError::NotImplemented(
            "re: the LOCALE flag is not supported".into(),
        ));
    }
    Ok(Parsed {
        node,
        groups: ps.groups,
        names: ps.names,
        flags: f,
    })
}

fn is_flag_char(c: u32) -> bool {
    matches!(
        char::from_u32(c),
        Some('a' | 'i' | 'L' | 'm' | 's' | 'u' | 'x')
    )
}

fn flag_bit(c: u32) -> u32 {
    match char::from_u32(c) {
        Some('a') => FLAG_A,
        Some('i') => FLAG_I,
        Some('L') => FLAG_L,
        Some('m') => FLAG_M,
        Some('s') => FLAG_S,
        Some('u') => FLAG_U,
        Some('x') => FLAG_X,
        _ => 0,
    }
}

fn text(p: &[u32]) -> String {
    p.iter()
        .map(|&c| char::from_u32(c).unwrap_or('\u{fffd}'))
        .collect()
}

fn ch(c: char) -> u32 {
    c as u32
}

impl Parser<'_> {
    fn peek(&self) -> Option<u32> {
        self.p.get(self.i).copied()
    }

    fn peek_is(&self, c: char) -> bool {
        self.peek() == Some(c as u32)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek_is(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn ascii(&self, flags: u32) -> bool {
        self.bytes || flags & FLAG_A != 0
    }

    /// `a|b|c` up to a `)` or the end.
    fn alternation(&mut self, flags: u32, depth: usize) -> PResult<Node> {
        if depth > MAX_DEPTH {
            return Err(ParseError::Recursion);
        }
        let mut branches = vec![self.sequence(flags, depth)?];
        while self.eat('|') {
            self.at_start = false;
            branches.push(self.sequence(flags, depth)?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(branches)
        })
    }

    fn skip_verbose(&mut self) {
        while let Some(c) = self.peek() {
            if matches!(c, 0x20 | 0x09..=0x0d) {
                self.i += 1;
            } else if c == ch('#') {
                while let Some(c) = self.peek() {
                    self.i += 1;
                    if c == ch('\n') {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    /// Items up to `|`, `)` or the end.
    fn sequence(&mut self, flags: u32, depth: usize) -> PResult<Node> {
        let mut flags = flags;
        let mut items: Vec<Node> = Vec::new();
        // Whether the last item came from a quantifier (for "multiple repeat"), and whether
        // there is an item a quantifier can apply to.
        let mut last_repeat = false;
        let mut repeatable = false;
        loop {
            if (flags | self.global) & FLAG_X != 0 {
                self.skip_verbose();
            }
            let Some(c) = self.peek() else { break };
            let start = self.i;
            let cc = char::from_u32(c).unwrap_or('\0');
            match cc {
                '|' | ')' => break,
                '*' | '+' | '?' | '{' => {
                    let Some((min, max)) = self.quantifier()? else {
                        // A `{` that does not start a repeat is a literal.
                        self.i = start + 1;
                        items.push(self.lit(c, flags));
                        self.at_start = false;
                        last_repeat = false;
                        repeatable = true;
                        continue;
                    };
                    if last_repeat {
                        return err("multiple repeat", start);
                    }
                    if !repeatable {
                        return err("nothing to repeat", start);
                    }
                    let kind = if self.eat('?') {
                        RepKind::Lazy
                    } else if self.eat('+') {
                        RepKind::Possessive
                    } else {
                        RepKind::Greedy
                    };
                    let node = items.pop().unwrap_or(Node::Empty);
                    items.push(Node::Repeat {
                        node: Box::new(node),
                        min,
                        max,
                        kind,
                    });
                    last_repeat = true;
                    continue;
                }
                _ => {}
            }
            self.i += 1;
            let node = match cc {
                '.' => Node::Any((flags | self.global) & FLAG_S != 0),
                '^' => Node::Assert(if (flags | self.global) & FLAG_M != 0 {
                    Assert::BeginLine
                } else {
                    Assert::Begin
                }),
                '$' => Node::Assert(if (flags | self.global) & FLAG_M != 0 {
                    Assert::EndLine
                } else {
                    Assert::End
                }),
                '[' => self.set(start, flags)?,
                '\\' => self.escape(start, flags)?,
                '(' => match self.group(start, &mut flags, depth)? {
                    Some(n) => n,
                    None => {
                        // A comment or a global-flags group: no item.
                        continue;
                    }
                },
                _ => self.lit(c, flags),
            };
            self.at_start = false;
            last_repeat = false;
            repeatable = !matches!(node, Node::Assert(_));
            items.push(node);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Cat(items),
        })
    }

    fn lit(&self, c: u32, flags: u32) -> Node {
        let f = flags | self.global;
        Node::Lit(c, f & FLAG_I != 0, self.ascii(f))
    }

    fn digits(&mut self) -> Option<(u64, usize)> {
        let st = self.i;
        let mut v: u64 = 0;
        while let Some(c) = self.peek() {
            if !(ch('0')..=ch('9')).contains(&c) {
                break;
            }
            v = v.saturating_mul(10).saturating_add((c - ch('0')) as u64);
            self.i += 1;
        }
        (self.i > st).then_some((v, st))
    }

    /// A quantifier at the cursor, consumed; `None` (cursor unspecified) for a `{` that is a
    /// literal.
    fn quantifier(&mut self) -> PResult<Option<(u32, u32)>> {
        let c = self.peek().unwrap_or(0);
        self.i += 1;
        Ok(Some(match char::from_u32(c) {
            Some('*') => (0, INF),
            Some('+') => (1, INF),
            Some('?') => (0, 1),
            _ => {
                let at = self.i;
                let lo = self.digits();
                let mut hi = lo;
                if self.eat(',') {
                    hi = self.digits();
                    if hi.is_none() {
                        hi = Some((INF as u64, 0));
                    }
                } else if lo.is_none() {
                    return Ok(None);
                }
                if !self.eat('}') {
                    return Ok(None);
                }
                let lo_v = lo.map_or(0, |l| l.0);
                let hi_v = hi.map_or(INF as u64, |h| h.0);
                let big = |v: u64, explicit: bool| explicit && v >= INF as u64;
                if big(lo_v, lo.is_some()) || big(hi_v, hi.is_some_and(|h| h.1 != 0)) {
                    return Err(ParseError::Overflow(
                        "the repetition number is too large".into(),
                    ));
                }
                if hi_v < lo_v {
                    return err("min repeat greater than max repeat", at);
                }
                (lo_v as u32, hi_v.min(INF as u64) as u32)
            }
        }))
    }

    /// `(...)` after its `(` (at `start`). `None` for a comment or global flags.
    fn group(&mut self, start: usize, flags: &mut u32, depth: usize) -> PResult<Option<Node>> {
        if !self.eat('?') {
            return self.capture(start, None, *flags, depth).map(Some);
        }
        let q = self.i - 1;
        let Some(c) = self.peek() else {
            return err("unexpected end of pattern", self.i);
        };
        self.i += 1;
        let inner = *flags;
        let node = match char::from_u32(c).unwrap_or('\0') {
            ':' => self.body(start, inner, depth)?,
            'P' => {
                let Some(c2) = self.peek() else {
                    return err("unexpected end of pattern", self.i);
                };
                self.i += 1;
                if c2 == ch('<') {
                    let (name, at) = self.name('>', "missing >, unterminated name")?;
                    if !chars::is_identifier(&name, self.bytes) {
                        return err(format!("bad character in group name '{}'", text(&name)), at);
                    }
                    let name = text(&name);
                    if let Some(&(_, g)) = self.names.iter().find(|(n, _)| *n == name) {
                        return err(
                            format!(
                                "redefinition of group name '{name}' as group {}; was group {g}",
                                self.groups + 1
                            ),
                            at,
                        );
                    }
                    return self.capture(start, Some(name), inner, depth).map(Some);
                } else if c2 == ch('=') {
                    let (name, at) = self.name(')', "missing ), unterminated name")?;
                    if !chars::is_identifier(&name, self.bytes) {
                        return err(format!("bad character in group name '{}'", text(&name)), at);
                    }
                    let name = text(&name);
                    let Some(&(_, g)) = self.names.iter().find(|(n, _)| *n == name) else {
                        return err(format!("unknown group name '{name}'"), at);
                    };
                    if self.open.contains(&g) {
                        return err("cannot refer to an open group", at);
                    }
                    self.check_lookbehind_ref(g, self.i)?;
                    let f = inner | self.global;
                    Node::Backref(g, f & FLAG_I != 0, self.ascii(f))
                } else {
                    return err(format!("unknown extension ?P{}", text(&[c2])), q);
                }
            }
            '=' | '!' => {
                let body = self.body(start, inner, depth)?;
                Node::Look {
                    behind: None,
                    negated: c == ch('!'),
                    node: Box::new(body),
                }
            }
            '<' => {
                let Some(c2) = self.peek() else {
                    return err("unexpected end of pattern", self.i);
                };
                self.i += 1;
                if c2 != ch('=') && c2 != ch('!') {
                    return err(format!("unknown extension ?<{}", text(&[c2])), q);
                }
                let saved = self.lookbehind.replace(self.groups);
                let body = self.body(start, inner, depth);
                self.lookbehind = saved;
                let body = body?;
                let (lo, hi) = body.width(&self.widths);
                if hi != Some(lo) {
                    return Err(ParseError::Re(
                        "look-behind requires fixed-width pattern".into(),
                        None,
                    ));
                }
                Node::Look {
                    behind: Some(lo as usize),
                    negated: c2 == ch('!'),
                    node: Box::new(body),
                }
            }
            '>' => Node::Atomic(Box::new(self.body(start, inner, depth)?)),
            '#' => {
                loop {
                    match self.peek() {
                        None => return err("missing ), unterminated comment", start),
                        Some(c) => {
                            self.i += 1;
                            if c == ch(')') {
                                break;
                            }
                        }
                    }
                }
                return Ok(None);
            }
            '(' => self.conditional(start, inner, depth)?,
            _ if is_flag_char(c) || c == ch('-') => {
                self.i -= 1;
                return self.flags_group(start, flags, depth);
            }
            _ => return err(format!("unknown extension ?{}", text(&[c])), q),
        };
        Ok(Some(node))
    }

    /// The rest of a group after its opening, through the `)`.
    fn body(&mut self, start: usize, flags: u32, depth: usize) -> PResult<Node> {
        self.at_start = false;
        let n = self.alternation(flags, depth + 1)?;
        if !self.eat(')') {
            return err("missing ), unterminated subpattern", start);
        }
        Ok(n)
    }

    fn capture(
        &mut self,
        start: usize,
        name: Option<String>,
        flags: u32,
        depth: usize,
    ) -> PResult<Node> {
        self.groups += 1;
        let g = self.groups;
        if let Some(name) = name {
            self.names.push((name, g));
        }
        self.open.push(g);
        let n = self.body(start, flags, depth);
        self.open.retain(|&o| o != g);
        let n = n?;
        let w = n.width(&self.widths);
        if self.widths.len() <= g {
            self.widths.resize(g + 1, (0, None));
        }
        self.widths[g] = w;
        Ok(Node::Group(g, Box::new(n)))
    }

    /// A group name up to `end`; returns it and its position.
    fn name(&mut self, end: char, unterminated: &str) -> PResult<(Vec<u32>, usize)> {
        let at = self.i;
        loop {
            match self.peek() {
                None if self.i == at => return err("missing group name", at),
                None => return err(unterminated, at),
                Some(c) if c == ch(end) => break,
                Some(_) => self.i += 1,
            }
        }
        let name = self.p[at..self.i].to_vec();
        self.i += 1;
        if name.is_empty() {
            return err("missing group name", at);
        }
        Ok((name, at))
    }

    fn check_lookbehind_ref(&self, g: usize, pos: usize) -> PResult<()> {
        match self.lookbehind {
            Some(first) if g > first => err(
                "cannot refer to group defined in the same lookbehind subpattern",
                pos,
            ),
            _ => Ok(()),
        }
    }

    /// `(?(group)yes|no)` after `(?(`.
    fn conditional(&mut self, start: usize, flags: u32, depth: usize) -> PResult<Node> {
        self.at_start = false;
        let (name, at) = self.name(')', "missing ), unterminated name")?;
        let group = if name.iter().all(|&c| (ch('0')..=ch('9')).contains(&c)) {
            let g = name.iter().fold(0usize, |v, &c| {
                v.saturating_mul(10).saturating_add((c - ch('0')) as usize)
            });
            if g == 0 {
                return err("bad group number", at);
            }
            if g > self.groups {
                self.cond_refs.push((g, at));
            } else if self.open.contains(&g) && self.lookbehind.is_some() {
                return err("cannot refer to an open group", at);
            }
            g
        } else {
            if !chars::is_identifier(&name, self.bytes) {
                return err(format!("bad character in group name '{}'", text(&name)), at);
            }
            let name = text(&name);
            match self.names.iter().find(|(n, _)| *n == name) {
                Some(&(_, g)) => g,
                None => return err(format!("unknown group name '{name}'"), at),
            }
        };
        let yes = self.sequence(flags, depth + 1)?;
        let mut no = Node::Empty;
        if self.eat('|') {
            no = self.sequence(flags, depth + 1)?;
            if self.peek_is('|') {
                return err("conditional backref with more than two branches", self.i);
            }
        }
        if !self.eat(')') {
            return err("missing ), unterminated subpattern", start);
        }
        Ok(Node::Cond {
            group,
            yes: Box::new(yes),
            no: Box::new(no),
        })
    }

    /// `(?aiLmsux-imsx:...)` or global `(?aiLmsux)`, cursor at the first flag char.
    fn flags_group(
        &mut self,
        start: usize,
        flags: &mut u32,
        depth: usize,
    ) -> PResult<Option<Node>> {
        let mut add = 0u32;
        while let Some(c) = self.peek().filter(|&c| is_flag_char(c)) {
            add |= flag_bit(c);
            self.i += 1;
            self.check_flag_kind(add, c)?;
        }
        let mut del = 0u32;
        match self.peek() {
            Some(c) if c == ch(')') => {
                self.i += 1;
                if !self.at_start {
                    return err("global flags not at the start of the expression", start);
                }
                self.global |= add;
                return Ok(None);
            }
            Some(c) if c == ch('-') => {
                self.i += 1;
                let Some(c) = self.peek() else {
                    return err("missing flag", self.i);
                };
                if !is_flag_char(c) {
                    if char::from_u32(c).is_some_and(|c| c.is_alphabetic()) {
                        return err("unknown flag", self.i);
                    }
                    return err("missing flag", self.i);
                }
                while let Some(c) = self.peek().filter(|&c| is_flag_char(c)) {
                    if flag_bit(c) & (FLAG_A | FLAG_U | FLAG_L) != 0 {
                        self.i += 1;
                        return err(
                            "bad inline flags: cannot turn off flags 'a', 'u' and 'L'",
                            self.i,
                        );
                    }
                    del |= flag_bit(c);
                    self.i += 1;
                }
                match self.peek() {
                    Some(c) if c == ch(':') => {}
                    None => return err("missing :", self.i),
                    Some(c) if char::from_u32(c).is_some_and(|c| c.is_alphabetic()) => {
                        return err("unknown flag", self.i)
                    }
                    Some(_) => return err("missing :", self.i),
                }
                if add & del != 0 {
                    return err("bad inline flags: flag turned on and off", self.i);
                }
            }
            Some(c) if c == ch(':') => {}
            None => return err("missing -, : or )", self.i),
            Some(c) if char::from_u32(c).is_some_and(|c| c.is_alphabetic()) => {
                return err("unknown flag", self.i)
            }
            Some(_) => return err("missing -, : or )", self.i),
        }
        self.i += 1; // the ':'
        let mut inner = (*flags | add) & !del;
        if add & (FLAG_A | FLAG_U) != 0 {
            inner &= !(FLAG_A | FLAG_U);
            inner |= add & (FLAG_A | FLAG_U);
        }
        // A scoped group cannot switch off a flag given globally; model that by removing
        // it from the global set only for this group's nodes.
        let saved = self.global;
        self.global &= !del;
        if add & FLAG_U != 0 {
            self.global &= !FLAG_A;
        }
        let body = self.body(start, inner, depth);
        self.global = saved;
        Ok(Some(body?))
    }

    fn check_flag_kind(&self, add: u32, c: u32) -> PResult<()> {
        if c == ch('L') && !self.bytes {
            return err(
                "bad inline flags: cannot use 'L' flag with a str pattern",
                self.i,
            );
        }
        if c == ch('u') && self.bytes {
            return err(
                "bad inline flags: cannot use 'u' flag with a bytes pattern",
                self.i,
            );
        }
        if (add & (FLAG_A | FLAG_U | FLAG_L)).count_ones() > 1 {
            return err(
                "bad inline flags: flags 'a', 'u' and 'L' are incompatible",
                self.i,
            );
        }
        if c == ch('L') {
            return Err(ParseError::NotImplemented(
                "re: the LOCALE flag is not supported".into(),
            ));
        }
        Ok(())
    }

    fn class_node(&self, cls: Cls, flags: u32) -> Node {
        let f = flags | self.global;
        Node::Set(Box::new(CharSet {
            negated: false,
            items: vec![Item::Class(cls)],
            icase: false,
            ascii: self.ascii(f),
        }))
    }

    /// An escape outside a set, after its backslash (at `start`).
    fn escape(&mut self, start: usize, flags: u32) -> PResult<Node> {
        let Some(c) = self.peek() else {
            return err("bad escape (end of pattern)", start);
        };
        self.i += 1;
        let f = flags | self.global;
        let ascii = self.ascii(f);
        let cc = char::from_u32(c).unwrap_or('\0');
        Ok(match cc {
            'd' => self.class_node(Cls::Digit, flags),
            'D' => self.class_node(Cls::NotDigit, flags),
            's' => self.class_node(Cls::Space, flags),
            'S' => self.class_node(Cls::NotSpace, flags),
            'w' => self.class_node(Cls::Word, flags),
            'W' => self.class_node(Cls::NotWord, flags),
            'b' => Node::Assert(Assert::Boundary(ascii)),
            'B' => Node::Assert(Assert::NotBoundary(ascii)),
            'A' => Node::Assert(Assert::Begin),
            // `\z` is 3.14's spelling of `\Z`.
            'Z' | 'z' => Node::Assert(Assert::EndString),
            '1'..='9' => {
                let first = c;
                let d2 = self.peek().filter(|&d| (ch('0')..=ch('9')).contains(&d));
                let octal = |d: u32| (ch('0')..=ch('7')).contains(&d);
                if let Some(d2) = d2 {
                    let d3 = self.p.get(self.i + 1).copied();
                    if octal(first) && octal(d2) && d3.is_some_and(octal) {
                        self.i += 2;
                        let v = (first - ch('0')) * 64
                            + (d2 - ch('0')) * 8
                            + (d3.unwrap_or(0) - ch('0'));
                        if v > 0o377 {
                            return err(
                                format!(
                                    "octal escape value {} outside of range 0-0o377",
                                    text(&self.p[start..self.i])
                                ),
                                start,
                            );
                        }
                        return Ok(self.lit(v, flags));
                    }
                }
                let mut g = (first - ch('0')) as usize;
                if let Some(d2) = d2 {
                    self.i += 1;
                    g = g * 10 + (d2 - ch('0')) as usize;
                }
                if g > self.groups {
                    return err(format!("invalid group reference {g}"), start + 1);
                }
                if self.open.contains(&g) {
                    return err("cannot refer to an open group", start);
                }
                self.check_lookbehind_ref(g, self.i)?;
                Node::Backref(g, f & FLAG_I != 0, ascii)
            }
            _ => {
                self.i -= 1;
                let v = self.common_escape(start, false)?;
                self.lit(v, flags)
            }
        })
    }

    /// Escapes that stand for one char, inside or outside a set; cursor after the backslash.
    fn common_escape(&mut self, start: usize, in_set: bool) -> PResult<u32> {
        let c = self.peek().unwrap_or(0);
        self.i += 1;
        let cc = char::from_u32(c).unwrap_or('\0');
        Ok(match cc {
            'a' => 7,
            'b' if in_set => 8,
            'f' => 12,
            'n' => 10,
            'r' => 13,
            't' => 9,
            'v' => 11,
            '\\' => ch('\\'),
            'x' => self.hex(start, 2)?,
            'u' if !self.bytes => self.hex(start, 4)?,
            'U' if !self.bytes => {
                let v = self.hex(start, 8)?;
                if v > 0x10ffff {
                    return err(
                        format!("bad escape {}", text(&self.p[start..self.i])),
                        start,
                    );
                }
                v
            }
            'N' if !self.bytes => {
                return Err(ParseError::NotImplemented(
                    "re: named character escapes (\\N{...}) are not supported yet".into(),
                ))
            }
            '0'..='7' => {
                // Octal: `\0` takes up to two more digits; in a set any octal digit starts
                // one of up to three.
                let mut v = c - ch('0');
                let mut n = 1;
                while n < 3 {
                    match self.peek() {
                        Some(d) if (ch('0')..=ch('7')).contains(&d) => {
                            v = v * 8 + (d - ch('0'));
                            self.i += 1;
                            n += 1;
                        }
                        _ => break,
                    }
                }
                if v > 0o377 {
                    return err(
                        format!(
                            "octal escape value {} outside of range 0-0o377",
                            text(&self.p[start..self.i])
                        ),
                        start,
                    );
                }
                v
            }
            _ if cc.is_ascii_alphanumeric() => {
                return err(format!("bad escape \\{cc}"), start);
            }
            _ => c,
        })
    }

    fn hex(&mut self, start: usize, n: usize) -> PResult<u32> {
        let mut v = 0u32;
        for _ in 0..n {
            match self
                .peek()
                .and_then(char::from_u32)
                .and_then(|c| c.to_digit(16))
            {
                Some(d) => {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    self.i += 1;
                }
                None => {
                    return err(
                        format!("incomplete escape {}", text(&self.p[start..self.i])),
                        start,
                    )
                }
            }
        }
        Ok(v)
    }

    /// `[...]` after its `[` (at `start`).
    fn set(&mut self, start: usize, flags: u32) -> PResult<Node> {
        let f = flags | self.global;
        let negated = self.eat('^');
        let mut items = Vec::new();
        let first = self.i;
        loop {
            let Some(c) = self.peek() else {
                return err("unterminated character set", start);
            };
            if c == ch(']') && self.i != first {
                self.i += 1;
                break;
            }
            let at = self.i;
            let lo = self.set_item()?;
            if self.peek_is('-') {
                let dash = self.i;
                self.i += 1;
                match self.peek() {
                    None => return err("unterminated character set", start),
                    Some(c) if c == ch(']') => {
                        items.push(lo);
                        items.push(Item::Ch(ch('-')));
                        continue;
                    }
                    Some(_) => {}
                }
                let hi = self.set_item()?;
                match (&lo, &hi) {
                    (Item::Ch(a), Item::Ch(b)) => {
                        if a > b {
                            let msg = format!(
                                "bad character range {}-{}",
                                text(&self.p[at..dash]),
                                text(&self.p[dash + 1..self.i])
                            );
                            return err(msg, at);
                        }
                        items.push(Item::Range(*a, *b));
                    }
                    _ => {
                        let msg = format!(
                            "bad character range {}-{}",
                            text(&self.p[at..dash]),
                            text(&self.p[dash + 1..self.i])
                        );
                        return err(msg, at);
                    }
                }
            } else {
                items.push(lo);
            }
        }
        Ok(Node::Set(Box::new(CharSet {
            negated,
            items,
            icase: f & FLAG_I != 0,
            ascii: self.ascii(f),
        })))
    }

    fn set_item(&mut self) -> PResult<Item> {
        let at = self.i;
        let c = self.peek().unwrap_or(0);
        self.i += 1;
        if c != ch('\\') {
            return Ok(Item::Ch(c));
        }
        let Some(e) = self.peek() else {
            return err("bad escape (end of pattern)", at);
        };
        let cls = match char::from_u32(e) {
            Some('d') => Some(Cls::Digit),
            Some('D') => Some(Cls::NotDigit),
            Some('s') => Some(Cls::Space),
            Some('S') => Some(Cls::NotSpace),
            Some('w') => Some(Cls::Word),
            Some('W') => Some(Cls::NotWord),
            _ => None,
        };
        if let Some(cls) = cls {
            self.i += 1;
            return Ok(Item::Class(cls));
        }
        if matches!(char::from_u32(e), Some('8' | '9')) {
            return err(format!("bad escape \\{}", text(&[e])), at);
        }
        Ok(Item::Ch(self.common_escape(at, true)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> PResult<Parsed> {
        let v: Vec<u32> = s.chars().map(|c| c as u32).collect();
        parse(&v, 0, false)
    }

    fn e(s: &str) -> (String, Option<usize>) {
        match p(s) {
            Err(ParseError::Re(m, pos)) => (m, pos),
            Err(other) => panic!("{s}: {other:?}"),
            Ok(_) => panic!("{s}: compiled"),
        }
    }

    #[test]
    fn errors_match_cpython() {
        let cases: &[(&str, &str, Option<usize>)] = &[
            ("(", "missing ), unterminated subpattern", Some(0)),
            ("a)", "unbalanced parenthesis", Some(1)),
            ("*", "nothing to repeat", Some(0)),
            ("a**", "multiple repeat", Some(2)),
            ("a*++", "multiple repeat", Some(3)),
            ("a{2}{3}", "multiple repeat", Some(4)),
            ("(?<x>a)", "unknown extension ?<x", Some(1)),
            (r"\q", r"bad escape \q", Some(0)),
            ("[a", "unterminated character set", Some(0)),
            ("[z-a]", "bad character range z-a", Some(1)),
            (r"[\d-z]", r"bad character range \d-z", Some(1)),
            ("(?P<1a>x)", "bad character in group name '1a'", Some(4)),
            (
                "(?P<a>x)(?P<a>y)",
                "redefinition of group name 'a' as group 2; was group 1",
                Some(12),
            ),
            ("(?P=zz)", "unknown group name 'zz'", Some(4)),
            (r"\3", "invalid group reference 3", Some(1)),
            (r"(a\1)", "cannot refer to an open group", Some(2)),
            ("(?<=a+)b", "look-behind requires fixed-width pattern", None),
            ("(?i", "missing -, : or )", Some(3)),
            ("(?", "unexpected end of pattern", Some(2)),
            (
                "a(?i)b",
                "global flags not at the start of the expression",
                Some(1),
            ),
            (
                "(?:(?i)a)",
                "global flags not at the start of the expression",
                Some(3),
            ),
            ("(?#abc", "missing ), unterminated comment", Some(0)),
            ("a{2,1}", "min repeat greater than max repeat", Some(2)),
            ("^*", "nothing to repeat", Some(1)),
            ("(?#x)*", "nothing to repeat", Some(5)),
            (
                "(?(1)a|b|c)",
                "conditional backref with more than two branches",
                Some(8),
            ),
            ("(?(2)a)", "invalid group reference 2", Some(3)),
            ("\\", "bad escape (end of pattern)", Some(0)),
            (r"\x4", r"incomplete escape \x4", Some(0)),
            (
                r"\777",
                r"octal escape value \777 outside of range 0-0o377",
                Some(0),
            ),
            ("(?P<", "missing group name", Some(4)),
            ("(?P<a", "missing >, unterminated name", Some(4)),
            ("(?Px)", "unknown extension ?Px", Some(1)),
            ("(?-i)", "missing :", Some(4)),
            (
                "(?i-i:a)",
                "bad inline flags: flag turned on and off",
                Some(5),
            ),
            (
                "(?a-a:a)",
                "bad inline flags: cannot turn off flags 'a', 'u' and 'L'",
                Some(5),
            ),
            (
                "(?au)",
                "bad inline flags: flags 'a', 'u' and 'L' are incompatible",
                Some(4),
            ),
            ("(?z)", "unknown extension ?z", Some(1)),
            ("(?-)", "missing flag", Some(3)),
            ("(?i-:a)", "missing flag", Some(4)),
            (
                r"(?<=(a)\1)b",
                "cannot refer to group defined in the same lookbehind subpattern",
                Some(9),
            ),
            ("(?(0)a)", "bad group number", Some(3)),
            ("(?(a)b)", "unknown group name 'a'", Some(3)),
            ("(|*)", "nothing to repeat", Some(2)),
            (r"[\A]", r"bad escape \A", Some(1)),
            (r"[\8]", r"bad escape \8", Some(1)),
            (r"\8", "invalid group reference 8", Some(1)),
            (r"\u12", r"incomplete escape \u12", Some(0)),
            ("(?P=a", "missing ), unterminated name", Some(4)),
            ("(?(1)", "missing ), unterminated subpattern", Some(0)),
            ("(?()a)", "missing group name", Some(3)),
            ("(?P<a>(?P=a))", "cannot refer to an open group", Some(10)),
            (r"[\w-a]", r"bad character range \w-a", Some(1)),
            (r"\12", "invalid group reference 12", Some(1)),
        ];
        for &(pat, msg, pos) in cases {
            assert_eq!(e(pat), (msg.to_string(), pos), "pattern {pat:?}");
        }
    }

    #[test]
    fn valid_patterns() {
        for pat in [
            "a*+",
            "a++",
            "(?i)(?m)a",
            "{",
            "a{",
            "a{1",
            "a{1,2",
            "x{,3}",
            "x{}",
            "(?:)*",
            "(?=a)*",
            "a(?#x)*",
            "[]a]",
            "[^]a]",
            "[a-]",
            "[-a]",
            "(?x: a b )",
            r"(a)(?<=\1)",
            r"(?P<a>x)(?(a)y|z)",
            "(?P<é>x)",
            r"\0\01\012\0123",
            r"[\1]",
            r"[\b]",
        ] {
            assert!(p(pat).is_ok(), "{pat}");
        }
        assert_eq!(p("((a)(?P<n>b))").map(|x| x.groups).ok(), Some(3));
        assert_eq!(p("(?a)x").map(|x| x.flags).ok(), Some(FLAG_A));
        assert_eq!(p("(?x)a").map(|x| x.flags).ok(), Some(FLAG_X | FLAG_U));
        assert!(matches!(p("a{99999999999}"), Err(ParseError::Overflow(_))));
        assert!(matches!(p(&"(".repeat(1000)), Err(ParseError::Recursion)));
    }
}
