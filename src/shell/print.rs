//! Showing shell code back to the user (`type`, `declare -f`), the way bash 5.2 does.
//!
//! bash does not keep a function's text: it prints the parsed command tree back
//! (`print_cmd.c`), with its own layout — four-space indentation, `;` after every command
//! but the last of a `{ }` body, `elif` as a nested `else if`, case arms on their own lines,
//! here-document bodies after the line that started them. This module reproduces that
//! printer as a small state machine fed with a bash-shaped tree built from our AST
//! (left-associative lists and and-or lists, right-associative pipelines), so the quirks
//! fall out the same way (`fi` without `;` after a here-document, `0<> file`, `1>&2`).
//!
//! Words are printed as written ([`Word::raw`]), with the rewrites bash's reader applies:
//! `$'...'` becomes a single-quoted string, `$"..."` a double-quoted one, and the text of
//! `$(...)`, `<(...)` and `>(...)` is itself re-printed (bash 5.2 parses command
//! substitutions when it reads them and keeps the printed form).

use super::ast::*;
use super::escapes;
use super::parser;
use std::rc::Rc;

const INDENT: usize = 4;

/// bash's reserved words: a function with one of these names prints as `function NAME ()`.
const RESERVED: &[&[u8]] = &[
    b"if",
    b"then",
    b"else",
    b"elif",
    b"fi",
    b"case",
    b"esac",
    b"for",
    b"select",
    b"while",
    b"until",
    b"do",
    b"done",
    b"in",
    b"function",
    b"time",
    b"{",
    b"}",
    b"!",
    b"[[",
    b"]]",
    b"coproc",
];

/// The text `type NAME` / `declare -f NAME` shows for a function (no trailing newline).
pub fn function_text(def: &FunctionDef) -> Vec<u8> {
    let mut p = Printer::new(&def.source, false, false);
    p.named_function(def);
    p.out
}

/// One `&&`/`||` list as bash shows it (for `jobs`).
pub fn and_or_text(ao: &AndOr) -> Vec<u8> {
    let mut p = Printer::new(b"", false, false);
    let node = p.and_or_node(ao);
    p.node(Some(&node));
    p.out
}

/// A coprocess as `jobs` shows it, with the name it was started under (bash shows the
/// expanded name).
pub fn coproc_text(name: &[u8], body: &Command) -> Vec<u8> {
    let mut p = Printer::new(b"", false, false);
    p.put(b"coproc ");
    p.put(name);
    p.put(b" ");
    p.command(body, false);
    p.out
}

/// One word as written in the source (for `set -x` lines of `for`, `case` and `select`).
pub fn word_text(w: &Word) -> Vec<u8> {
    Printer::new(b"", false, false).word(w)
}

/// Words as written, separated by spaces.
pub fn words_text(ws: &[Word]) -> Vec<u8> {
    let texts: Vec<Vec<u8>> = ws.iter().map(word_text).collect();
    texts.join(&b' ')
}

/// The text bash keeps for a command substitution's (or process substitution's) body.
fn comsub_text(prog: &Program) -> Vec<u8> {
    // Parse the body again on its own so list items' offsets refer to its text: inside a
    // command substitution bash keeps newlines between commands instead of `;`.
    let reparsed = parser::parse(&prog.source).ok();
    let (body, offsets) = match &reparsed {
        Some(p) => (&p.body, true),
        None => (&prog.body, false),
    };
    let mut p = Printer::new(&prog.source, offsets, true);
    let node = p.list_node(body);
    p.node(node.as_ref());
    let mut text = p.out;
    if text.first() == Some(&b'(') {
        // `$( (list) )`: a space keeps it from reading as `$((`.
        text.insert(0, b' ');
    }
    text
}

/// bash's `sh_single_quote`.
fn single_quote(s: &[u8]) -> Vec<u8> {
    if s == b"'" {
        return b"\\'".to_vec();
    }
    let mut out = Vec::with_capacity(s.len() + 2);
    out.push(b'\'');
    for &b in s {
        out.push(b);
        if b == b'\'' {
            out.extend_from_slice(b"\\''");
        }
    }
    out.push(b'\'');
    out
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Connector {
    Amp,
    Pipe,
    And,
    Or,
    Semi,
    Newline,
}

enum Kind<'a> {
    Conn(Box<Node<'a>>, Option<Box<Node<'a>>>, Connector),
    /// A command; `true` when it is joined to the next by `|&` (bash adds `2>&1`).
    Cmd(&'a Command, bool),
    /// The `else` part of an `if` with `elif`s: bash nests another `if`.
    IfChain(&'a [(List, List)], Option<&'a List>),
    /// `!` or `time` with no command.
    Nothing,
}

struct Node<'a> {
    kind: Kind<'a>,
    time: bool,
    invert: bool,
}

impl<'a> Node<'a> {
    fn new(kind: Kind<'a>) -> Node<'a> {
        Node {
            kind,
            time: false,
            invert: false,
        }
    }

    fn conn(first: Node<'a>, second: Option<Node<'a>>, c: Connector) -> Node<'a> {
        Node::new(Kind::Conn(Box::new(first), second.map(Box::new), c))
    }
}

/// How literal parts are shown when a word has to be rebuilt from its parts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Normal,
    DQuote,
    HereDoc,
}

struct Printer<'s> {
    out: Vec<u8>,
    indentation: usize,
    skip_indent: u32,
    was_heredoc: bool,
    printing_connection: u32,
    printing_comsub: bool,
    inside_function_def: u32,
    deferred: Vec<Rc<HereDoc>>,
    /// The text the tree was parsed from (here-document bodies are looked up in it).
    src: &'s [u8],
    /// List items' offsets refer to `src` (so `;` and newline separators can be told apart).
    offsets: bool,
    /// Where the next here-document body is looked for in `src`.
    hd_cursor: usize,
    /// Where the next `[[` is looked for in `src`.
    cond_cursor: usize,
}

impl<'s> Printer<'s> {
    fn new(src: &'s [u8], offsets: bool, printing_comsub: bool) -> Printer<'s> {
        Printer {
            out: Vec::new(),
            indentation: 0,
            skip_indent: 0,
            was_heredoc: false,
            printing_connection: 0,
            printing_comsub,
            inside_function_def: 0,
            deferred: Vec::new(),
            src,
            offsets,
            hd_cursor: 0,
            cond_cursor: 0,
        }
    }

    fn put(&mut self, s: &[u8]) {
        self.out.extend_from_slice(s);
    }

    fn indent(&mut self) {
        let n = self.indentation;
        self.out.extend(std::iter::repeat_n(b' ', n));
    }

    fn newline(&mut self, s: &[u8]) {
        self.put(b"\n");
        self.indent();
        self.put(s);
    }

    fn semicolon(&mut self) {
        if matches!(self.out.last(), Some(b'&' | b'\n')) {
            return;
        }
        self.put(b";");
    }

    // ---- building the bash-shaped tree -------------------------------------------------

    fn list_node<'a>(&self, list: &'a List) -> Option<Node<'a>> {
        let mut acc: Option<Node<'a>> = None;
        let mut prev: Option<&ListItem> = None;
        for item in &list.items {
            let n = self.and_or_node(&item.and_or);
            acc = Some(match (acc, prev) {
                (Some(a), Some(p)) => Node::conn(a, Some(n), self.separator_after(p)),
                _ => n,
            });
            prev = Some(item);
        }
        match (acc, prev) {
            (Some(a), Some(last)) if last.background => Some(Node::conn(a, None, Connector::Amp)),
            (acc, _) => acc,
        }
    }

    fn separator_after(&self, item: &ListItem) -> Connector {
        if item.background {
            return Connector::Amp;
        }
        if !self.offsets {
            return Connector::Semi;
        }
        let s = self.src;
        let mut j = item.end;
        loop {
            match s.get(j) {
                Some(b' ' | b'\t') => j += 1,
                Some(b'\\') if s.get(j + 1) == Some(&b'\n') => j += 2,
                Some(b'#') => {
                    while s.get(j).is_some_and(|&b| b != b'\n') {
                        j += 1;
                    }
                }
                Some(b'\n') => return Connector::Newline,
                _ => return Connector::Semi,
            }
        }
    }

    fn and_or_node<'a>(&self, ao: &'a AndOr) -> Node<'a> {
        let mut acc = self.pipeline_node(&ao.first);
        for (op, pl) in &ao.rest {
            let c = match op {
                AndOrOp::And => Connector::And,
                AndOrOp::Or => Connector::Or,
            };
            acc = Node::conn(acc, Some(self.pipeline_node(pl)), c);
        }
        acc
    }

    fn pipeline_node<'a>(&self, pl: &'a Pipeline) -> Node<'a> {
        let mut node = match pl.commands.split_last() {
            None => Node::new(Kind::Nothing),
            Some((last, init)) => {
                let mut acc = Node::new(Kind::Cmd(last, false));
                for (i, c) in init.iter().enumerate().rev() {
                    let err = pl.pipe_stderr.get(i).copied().unwrap_or(false);
                    acc = Node::conn(Node::new(Kind::Cmd(c, err)), Some(acc), Connector::Pipe);
                }
                acc
            }
        };
        node.time = pl.timed;
        node.invert = pl.negated;
        node
    }

    /// A function body: a group's list (its redirections go after the `}`), or the command.
    fn body_parts<'a>(&self, body: &'a Command) -> (Option<Node<'a>>, &'a [Redirect]) {
        match body {
            Command::Compound(cc, redirs, _) => match cc.as_ref() {
                CompoundCommand::Group(list) => (self.list_node(list), redirs),
                _ => (Some(Node::new(Kind::Cmd(body, false))), &[]),
            },
            _ => (Some(Node::new(Kind::Cmd(body, false))), &[]),
        }
    }

    // ---- printing ----------------------------------------------------------------------

    fn named_function(&mut self, def: &FunctionDef) {
        if RESERVED.contains(&def.name.as_slice()) {
            self.put(b"function ");
        }
        self.put(&def.name);
        self.put(b" () \n");
        self.indentation += INDENT;
        self.inside_function_def += 1;
        self.put(b"{ \n");
        let (inner, redirs) = self.body_parts(&def.body);
        self.node(inner.as_ref());
        self.deferred_heredocs_if_any(b"");
        self.indentation -= INDENT;
        self.inside_function_def -= 1;
        self.closing_brace(redirs);
    }

    fn closing_brace(&mut self, redirs: &[Redirect]) {
        if redirs.is_empty() {
            self.newline(b"}");
        } else {
            self.newline(b"} ");
            self.redirection_list(redirs, false);
        }
    }

    fn function_def(&mut self, def: &FunctionDef) {
        self.put(b"function ");
        self.put(&def.name);
        self.put(b" () \n");
        self.indent();
        self.put(b"{ \n");
        self.inside_function_def += 1;
        self.indentation += INDENT;
        let (inner, redirs) = self.body_parts(&def.body);
        self.node(inner.as_ref());
        self.deferred_heredocs_if_any(b"");
        self.indentation -= INDENT;
        self.inside_function_def -= 1;
        self.closing_brace(redirs);
    }

    fn node(&mut self, n: Option<&Node>) {
        let Some(n) = n else { return };
        if self.skip_indent > 0 {
            self.skip_indent -= 1;
        } else {
            self.indent();
        }
        if n.time {
            self.put(b"time ");
        }
        if n.invert {
            self.put(b"! ");
        }
        match &n.kind {
            Kind::Conn(first, second, c) => self.connection(first, second.as_deref(), *c),
            Kind::Cmd(cmd, err) => self.command(cmd, *err),
            Kind::IfChain(branches, else_body) => self.if_command(branches, *else_body),
            Kind::Nothing => {}
        }
    }

    fn connection(&mut self, first: &Node, second: Option<&Node>, c: Connector) {
        self.skip_indent += 1;
        self.printing_connection += 1;
        self.node(Some(first));
        match c {
            Connector::Amp | Connector::Pipe => {
                self.deferred_heredocs(if c == Connector::Amp { b" &" } else { b" |" });
                if c != Connector::Amp || second.is_some() {
                    self.put(b" ");
                    self.skip_indent += 1;
                }
            }
            Connector::And | Connector::Or => {
                self.deferred_heredocs(if c == Connector::And {
                    b" && "
                } else {
                    b" || "
                });
                if second.is_some() {
                    self.skip_indent += 1;
                }
            }
            Connector::Semi | Connector::Newline => {
                let s: &[u8] = if self.printing_comsub && c == Connector::Newline {
                    b"\n"
                } else {
                    b";"
                };
                if self.deferred.is_empty() {
                    if !self.was_heredoc {
                        self.put(s);
                    } else {
                        self.was_heredoc = false;
                    }
                } else {
                    let cs: &[u8] = if self.inside_function_def > 0 {
                        b""
                    } else {
                        b";"
                    };
                    self.deferred_heredocs(cs);
                }
                if self.inside_function_def > 0 {
                    self.put(b"\n");
                } else {
                    if c == Connector::Semi {
                        self.put(b" ");
                    }
                    if second.is_some() {
                        self.skip_indent += 1;
                    }
                }
            }
        }
        self.node(second);
        self.deferred_heredocs_if_any(b"");
        self.printing_connection -= 1;
    }

    fn command(&mut self, cmd: &Command, err_to_pipe: bool) {
        match cmd {
            Command::Simple(sc) => {
                let mut words: Vec<Vec<u8>> =
                    sc.assigns.iter().map(|a| self.assign_text(a)).collect();
                words.extend(sc.words.iter().map(|w| self.word(w)));
                self.put(&words.join(&b' '));
                if !sc.redirects.is_empty() || err_to_pipe {
                    if !words.is_empty() {
                        self.put(b" ");
                    }
                    self.redirection_list(&sc.redirects, err_to_pipe);
                }
            }
            Command::Compound(cc, redirs, _) => {
                self.compound(cc);
                if !redirs.is_empty() || err_to_pipe {
                    self.put(b" ");
                    self.redirection_list(redirs, err_to_pipe);
                }
            }
            Command::FunctionDef(def) => self.function_def(def),
        }
    }

    fn compound(&mut self, cc: &CompoundCommand) {
        match cc {
            CompoundCommand::Group(list) => {
                self.put(b"{ ");
                if self.inside_function_def == 0 {
                    self.skip_indent += 1;
                } else {
                    self.put(b"\n");
                    self.indentation += INDENT;
                }
                let n = self.list_node(list);
                self.node(n.as_ref());
                self.deferred_heredocs_if_any(b"");
                if self.inside_function_def > 0 {
                    self.put(b"\n");
                    self.indentation -= INDENT;
                    self.indent();
                } else {
                    self.semicolon();
                    self.put(b" ");
                }
                self.put(b"}");
            }
            CompoundCommand::Subshell(list) => {
                self.put(b"( ");
                self.skip_indent += 1;
                let n = self.list_node(list);
                self.node(n.as_ref());
                self.deferred_heredocs_if_any(b"");
                self.put(b" )");
            }
            CompoundCommand::If {
                branches,
                else_body,
            } => self.if_command(branches, else_body.as_ref()),
            CompoundCommand::While { cond, body, until } => {
                self.put(if *until { b"until " } else { b"while " });
                self.skip_indent += 1;
                let n = self.list_node(cond);
                self.node(n.as_ref());
                self.deferred_heredocs_if_any(b"");
                self.semicolon();
                self.put(b" do\n");
                self.indentation += INDENT;
                let n = self.list_node(body);
                self.node(n.as_ref());
                self.deferred_heredocs_if_any(b"");
                self.indentation -= INDENT;
                self.semicolon();
                self.newline(b"done");
            }
            CompoundCommand::For {
                var, words, body, ..
            } => self.for_like(b"for ", var, words.as_deref(), body),
            CompoundCommand::Select {
                var, words, body, ..
            } => self.for_like(b"select ", var, words.as_deref(), body),
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.put(b"for ((");
                let parts = [init, cond, step].map(|w| match w {
                    None => b"1".to_vec(),
                    Some(w) => {
                        let t = self.word(w);
                        let lead = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
                        t[lead..].to_vec()
                    }
                });
                self.put(&parts.join(&b"; "[..]));
                self.put(b"))");
                self.newline(b"do\n");
                self.loop_body(body);
            }
            CompoundCommand::Case { word, arms } => {
                self.put(b"case ");
                let w = self.word(word);
                self.put(&w);
                self.put(b" in ");
                if !arms.is_empty() {
                    self.indentation += INDENT;
                    for arm in arms {
                        self.newline(b"");
                        let pats: Vec<Vec<u8>> =
                            arm.patterns.iter().map(|p| self.word(p)).collect();
                        self.put(&pats.join(&b" | "[..]));
                        self.put(b")\n");
                        self.indentation += INDENT;
                        let n = self.list_node(&arm.body);
                        self.node(n.as_ref());
                        self.indentation -= INDENT;
                        self.deferred_heredocs_if_any(b"");
                        self.newline(match arm.term {
                            CaseTerm::Break => b";;",
                            CaseTerm::FallThrough => b";&",
                            CaseTerm::Continue => b";;&",
                        });
                    }
                    self.indentation -= INDENT;
                }
                self.newline(b"esac");
            }
            CompoundCommand::Arith(w, _) => {
                self.put(b"((");
                let t = self.word(w);
                self.put(&t);
                self.put(b"))");
            }
            CompoundCommand::Coproc { name, body } => {
                // bash prints the name even when none was written (`coproc COPROC cat`).
                self.put(b"coproc ");
                let n = self.word(name);
                self.put(&n);
                self.put(b" ");
                self.command(body, false);
            }
            CompoundCommand::Cond(e, _) => {
                self.put(b"[[ ");
                let t = self
                    .cond_from_source(e)
                    .unwrap_or_else(|| self.cond_text(e));
                self.put(&t);
                self.put(b" ]]");
            }
        }
    }

    fn for_like(&mut self, kw: &[u8], var: &[u8], words: Option<&[Word]>, body: &List) {
        self.put(kw);
        self.put(var);
        self.put(b" in ");
        match words {
            None => self.put(b"\"$@\""),
            Some(ws) => {
                let ws: Vec<Vec<u8>> = ws.iter().map(|w| self.word(w)).collect();
                self.put(&ws.join(&b' '));
            }
        }
        self.put(b";");
        self.newline(b"do\n");
        self.loop_body(body);
    }

    /// The body of `for`/`select` after `do`, and the `done`.
    fn loop_body(&mut self, body: &List) {
        self.indentation += INDENT;
        let n = self.list_node(body);
        self.node(n.as_ref());
        self.deferred_heredocs_if_any(b"");
        self.semicolon();
        self.indentation -= INDENT;
        self.newline(b"done");
    }

    fn if_command(&mut self, branches: &[(List, List)], else_body: Option<&List>) {
        let Some(((test, then), rest)) = branches.split_first() else {
            return;
        };
        self.put(b"if ");
        self.skip_indent += 1;
        let n = self.list_node(test);
        self.node(n.as_ref());
        self.semicolon();
        self.put(b" then\n");
        self.indentation += INDENT;
        let n = self.list_node(then);
        self.node(n.as_ref());
        self.deferred_heredocs_if_any(b"");
        self.indentation -= INDENT;
        if !rest.is_empty() || else_body.is_some() {
            let false_case = if rest.is_empty() {
                else_body.and_then(|l| self.list_node(l))
            } else {
                Some(Node::new(Kind::IfChain(rest, else_body)))
            };
            self.semicolon();
            self.newline(b"else\n");
            self.indentation += INDENT;
            self.node(false_case.as_ref());
            self.deferred_heredocs_if_any(b"");
            self.indentation -= INDENT;
        }
        self.semicolon();
        self.newline(b"fi");
    }

    // ---- [[ ]] -------------------------------------------------------------------------

    /// `[[ ]]` as bash shows it: its tokens joined by single spaces. The tree has no node
    /// for parentheses, so the tokens are read from the source when it can be lined up with
    /// the tree.
    fn cond_from_source(&mut self, e: &CondExpr) -> Option<Vec<u8>> {
        enum Tok<'a> {
            Word(&'a Word),
            /// A lone word: bash shows it as `-n WORD`.
            Lone(&'a Word),
            Op(&'a [u8]),
        }
        fn flatten<'a>(e: &'a CondExpr, out: &mut Vec<Tok<'a>>) {
            match e {
                CondExpr::And(l, r) | CondExpr::Or(l, r) => {
                    flatten(l, out);
                    out.push(Tok::Op(if matches!(e, CondExpr::And(..)) {
                        b"&&"
                    } else {
                        b"||"
                    }));
                    flatten(r, out);
                }
                CondExpr::Not(x) => {
                    out.push(Tok::Op(b"!"));
                    flatten(x, out);
                }
                CondExpr::Unary(op, w) => {
                    out.push(Tok::Op(op));
                    out.push(Tok::Word(w));
                }
                CondExpr::Binary(l, op, r) => {
                    out.push(Tok::Word(l));
                    out.push(Tok::Op(op));
                    out.push(Tok::Word(r));
                }
                CondExpr::Word(w) => out.push(Tok::Lone(w)),
            }
        }
        let mut expected = Vec::new();
        flatten(e, &mut expected);
        if expected
            .iter()
            .any(|t| matches!(t, Tok::Word(w) | Tok::Lone(w) if w.raw.is_empty()))
        {
            return None;
        }
        let src = self.src;
        let skip = |mut pos: usize| -> usize {
            loop {
                match src.get(pos) {
                    Some(b' ' | b'\t' | b'\n') => pos += 1,
                    Some(b'\\') if src.get(pos + 1) == Some(&b'\n') => pos += 2,
                    _ => return pos,
                }
            }
        };
        let mut from = self.cond_cursor;
        while let Some(off) = src.get(from..)?.windows(2).position(|w| w == b"[[") {
            let open = from + off;
            from = open + 2;
            let before_ok = open == 0
                || matches!(
                    src[open - 1],
                    b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b'{' | b'!'
                );
            if !before_ok || !matches!(src.get(open + 2), Some(b' ' | b'\t' | b'\n')) {
                continue;
            }
            let mut toks: Vec<Vec<u8>> = Vec::new();
            let mut pos = open + 2;
            let mut ti = 0;
            let ok = loop {
                pos = skip(pos);
                let rest = &src[pos.min(src.len())..];
                if ti == expected.len() && rest.starts_with(b"]]") {
                    pos += 2;
                    break true;
                }
                match expected.get(ti) {
                    Some(Tok::Word(w) | Tok::Lone(w)) if rest.starts_with(&w.raw) => {
                        if matches!(expected[ti], Tok::Lone(_)) {
                            toks.push(b"-n".to_vec());
                        }
                        toks.push(self.word(w));
                        pos += w.raw.len();
                        ti += 1;
                        continue;
                    }
                    Some(Tok::Op(op)) if rest.starts_with(op) => {
                        toks.push(op.to_vec());
                        pos += op.len();
                        ti += 1;
                        continue;
                    }
                    _ => {}
                }
                match rest.first() {
                    Some(b'(') => toks.push(b"(".to_vec()),
                    Some(b')') => toks.push(b")".to_vec()),
                    _ => break false,
                }
                pos += 1;
            };
            if ok {
                self.cond_cursor = pos;
                return Some(toks.join(&b' '));
            }
        }
        None
    }

    fn cond_text(&self, e: &CondExpr) -> Vec<u8> {
        let paren = |p: &Printer, e: &CondExpr, wrap: bool| -> Vec<u8> {
            let t = p.cond_text(e);
            if wrap {
                [&b"( "[..], &t, b" )"].concat()
            } else {
                t
            }
        };
        let is_or = |e: &CondExpr| matches!(e, CondExpr::Or(..));
        let is_and = |e: &CondExpr| matches!(e, CondExpr::And(..));
        match e {
            CondExpr::And(l, r) => [
                paren(self, l, is_or(l)),
                b" && ".to_vec(),
                paren(self, r, is_or(r) || is_and(r)),
            ]
            .concat(),
            CondExpr::Or(l, r) => [
                paren(self, l, false),
                b" || ".to_vec(),
                paren(self, r, is_or(r)),
            ]
            .concat(),
            CondExpr::Not(x) => [b"! ".to_vec(), paren(self, x, is_or(x) || is_and(x))].concat(),
            CondExpr::Unary(op, w) => [op.clone(), b" ".to_vec(), self.word(w)].concat(),
            CondExpr::Binary(l, op, r) => [
                self.word(l),
                b" ".to_vec(),
                op.clone(),
                b" ".to_vec(),
                self.word(r),
            ]
            .concat(),
            CondExpr::Word(w) => [b"-n ".to_vec(), self.word(w)].concat(),
        }
    }

    // ---- redirections and here-documents -----------------------------------------------

    fn fd_prefix(&mut self, fd: &Option<RedirFd>, default: u32, always: bool) {
        match fd {
            Some(RedirFd::Var(name)) => {
                self.put(b"{");
                self.put(name);
                self.put(b"}");
            }
            Some(RedirFd::Num(n)) if always || *n != default => {
                self.put(n.to_string().as_bytes());
            }
            None if always => self.put(default.to_string().as_bytes()),
            _ => {}
        }
    }

    /// `err_to_pipe`: the command is followed by `|&`, which bash turns into `2>&1 |`.
    fn redirection_list(&mut self, redirs: &[Redirect], err_to_pipe: bool) {
        self.was_heredoc = false;
        let mut heredocs = Vec::new();
        let total = redirs.len() + usize::from(err_to_pipe);
        for (i, r) in redirs.iter().enumerate() {
            match &r.target {
                RedirTarget::HereDoc(doc) => {
                    self.fd_prefix(&r.fd, 0, false);
                    self.put(if doc.strip_tabs { b"<<-" } else { b"<<" });
                    if doc.quoted {
                        self.put(&single_quote(&doc.delimiter));
                    } else {
                        self.put(&doc.delimiter);
                    }
                    heredocs.push(doc.clone());
                }
                RedirTarget::Word(w) => self.redirection(r, w),
            }
            if i + 1 < total {
                self.put(b" ");
            }
        }
        if err_to_pipe {
            self.put(b"2>&1");
        }
        if !heredocs.is_empty() {
            if self.printing_connection > 0 {
                self.deferred = heredocs;
            } else {
                self.heredoc_bodies(&heredocs);
            }
        }
    }

    fn redirection(&mut self, r: &Redirect, w: &Word) {
        let t = self.word(w);
        let simple = |p: &mut Printer, default: u32, op: &[u8]| {
            p.fd_prefix(&r.fd, default, false);
            p.put(op);
            p.put(&t);
        };
        match r.op {
            RedirOp::In => simple(self, 0, b"< "),
            RedirOp::Out => simple(self, 1, b"> "),
            RedirOp::Append => simple(self, 1, b">> "),
            RedirOp::Clobber => simple(self, 1, b">| "),
            RedirOp::HereString => simple(self, 0, b"<<< "),
            // bash shows the descriptor of `<>` unless it is 1 (its default is 0).
            RedirOp::ReadWrite => match &r.fd {
                None => simple(self, 1, b"0<> "),
                Some(_) => simple(self, 1, b"<> "),
            },
            RedirOp::OutErr => simple(self, 1, b"&> "),
            RedirOp::AppendErr => simple(self, 1, b"&>> "),
            RedirOp::DupIn | RedirOp::DupOut => {
                let (default, op): (u32, &[u8]) = if r.op == RedirOp::DupIn {
                    (0, b"<&")
                } else {
                    (1, b">&")
                };
                if t == b"-" {
                    // Closing is always shown as `N>&-`.
                    self.fd_prefix(&r.fd, default, true);
                    self.put(b">&-");
                } else if (!t.is_empty() && t.iter().all(u8::is_ascii_digit))
                    || (t.len() > 1 && t.ends_with(b"-"))
                {
                    // A descriptor number, or a move (`N>&M-`): the source descriptor is
                    // always shown.
                    self.fd_prefix(&r.fd, default, true);
                    self.put(op);
                    self.put(&t);
                } else {
                    self.fd_prefix(&r.fd, default, false);
                    self.put(op);
                    self.put(&t);
                }
            }
            RedirOp::HereDoc => simple(self, 0, b"<< "),
        }
    }

    fn heredoc_bodies(&mut self, docs: &[Rc<HereDoc>]) {
        self.put(b"\n");
        for doc in docs {
            let body = self.heredoc_body(doc);
            self.put(&body);
            self.put(&doc.delimiter);
            self.put(b"\n");
        }
        self.was_heredoc = true;
    }

    /// bash's `print_deferred_heredocs`: the connector, then the bodies held back.
    fn deferred_heredocs(&mut self, cstring: &[u8]) {
        let shown = !cstring.is_empty() && (cstring[0] != b';' || cstring.len() > 1);
        if shown {
            self.put(cstring);
        }
        if !self.deferred.is_empty() {
            let docs = std::mem::take(&mut self.deferred);
            self.heredoc_bodies(&docs);
            if shown {
                self.put(b" ");
            }
            self.was_heredoc = true;
        }
    }

    fn deferred_heredocs_if_any(&mut self, cstring: &[u8]) {
        if !self.deferred.is_empty() {
            self.deferred_heredocs(cstring);
        }
    }

    /// A here-document's body as bash keeps it: the lines as written (after `<<-` tab
    /// stripping, and with backslash-newline joined when the delimiter is unquoted).
    fn heredoc_body(&mut self, doc: &HereDoc) -> Vec<u8> {
        let word = doc.body.get();
        let approx = match word {
            None => Vec::new(),
            Some(w) if doc.quoted && !w.raw.is_empty() => w.raw.clone(),
            Some(w) => self.parts_text(&w.parts, Mode::HereDoc),
        };
        let lines = approx.iter().filter(|&&b| b == b'\n').count();
        let lines = match word {
            Some(w) if !doc.quoted => newline_count(&w.parts),
            _ => lines,
        };
        // Words without expansions let the text found in the source be checked.
        let check = match word {
            Some(w) => w
                .parts
                .iter()
                .all(|p| matches!(p, WordPart::Lit(_) | WordPart::Quoted(_))),
            None => true,
        };
        let found = self.find_heredoc(doc, lines, check.then_some(approx.as_slice()));
        match found {
            Some(text) if !doc.quoted => text,
            _ => approx,
        }
    }

    /// Finds the next body of `doc` in the source text: `lines` logical lines followed by the
    /// delimiter line. Advances the search position past it.
    fn find_heredoc(
        &mut self,
        doc: &HereDoc,
        lines: usize,
        expect: Option<&[u8]>,
    ) -> Option<Vec<u8>> {
        let src = self.src;
        let mut start = self.hd_cursor.min(src.len());
        if start > 0 && src[start - 1] != b'\n' {
            start = src[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map(|i| start + i + 1)?;
        }
        let mut spans = Vec::new();
        let mut pos = start;
        while pos < src.len() {
            let end = src[pos..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(src.len(), |i| pos + i);
            spans.push((pos, end));
            pos = end + 1;
        }
        let strip = |t: &'_ [u8]| -> Vec<u8> {
            if doc.strip_tabs {
                t.iter().skip_while(|&&b| b == b'\t').copied().collect()
            } else {
                t.to_vec()
            }
        };
        let continued = |k: usize| -> bool {
            if doc.quoted {
                return false;
            }
            let (a, b) = spans[k];
            src[a..b].iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 1
        };
        for e in 0..spans.len() {
            let (a, b) = spans[e];
            if strip(&src[a..b]) != doc.delimiter {
                continue;
            }
            if e > 0 && continued(e - 1) {
                continue;
            }
            let mut s = e;
            let mut count = 0;
            while count < lines && s > 0 {
                s -= 1;
                if !continued(s) {
                    count += 1;
                }
            }
            if count < lines {
                continue;
            }
            while s > 0 && continued(s - 1) {
                s -= 1;
            }
            let mut body = Vec::new();
            for (k, &(a, b)) in spans.iter().enumerate().take(e).skip(s) {
                let text = strip(&src[a..b]);
                if continued(k) {
                    body.extend_from_slice(&text[..text.len() - 1]);
                } else {
                    body.extend_from_slice(&text);
                    body.push(b'\n');
                }
            }
            if let Some(exp) = expect {
                let unescape =
                    |t: &[u8]| -> Vec<u8> { t.iter().filter(|&&c| c != b'\\').copied().collect() };
                if unescape(&body) != unescape(exp) {
                    continue;
                }
            }
            self.hd_cursor = (b + 1).min(src.len());
            return Some(body);
        }
        None
    }

    // ---- words -------------------------------------------------------------------------

    fn assign_text(&self, a: &Assign) -> Vec<u8> {
        let mut out = a.name.clone();
        if let Some(ix) = &a.index {
            out.push(b'[');
            out.extend_from_slice(&self.word(ix));
            out.push(b']');
        }
        out.extend_from_slice(if a.append { b"+=" } else { b"=" });
        match &a.value {
            AssignValue::Scalar(w) => out.extend_from_slice(&self.word(w)),
            AssignValue::Array(elems) => {
                let elems: Vec<Vec<u8>> = elems
                    .iter()
                    .map(|e| {
                        let mut t = Vec::new();
                        if let Some(k) = &e.key {
                            t.push(b'[');
                            t.extend_from_slice(&self.word(k));
                            t.extend_from_slice(if e.append { b"]+=" } else { b"]=" });
                        }
                        t.extend_from_slice(&self.word(&e.value));
                        t
                    })
                    .collect();
                out.push(b'(');
                out.extend_from_slice(&elems.join(&b' '));
                out.push(b')');
            }
        }
        out
    }

    /// A word as bash shows it: its source text, with `$'...'`/`$"..."` rewritten and
    /// command substitutions re-printed.
    fn word(&self, w: &Word) -> Vec<u8> {
        if let [WordPart::DeclArray(a)] = w.parts.as_slice() {
            return self.assign_text(a);
        }
        if w.raw.is_empty() {
            return self.parts_text(&w.parts, Mode::Normal);
        }
        let mut progs = Vec::new();
        collect_programs(&w.parts, &mut progs);
        rewrite_raw(&w.raw, &progs)
    }

    /// Rebuilds a word's text from its parts (for words the parser kept no text for).
    fn parts_text(&self, parts: &[WordPart], mode: Mode) -> Vec<u8> {
        let mut out = Vec::new();
        for p in parts {
            match p {
                WordPart::Lit(t) => out.extend_from_slice(t),
                WordPart::Quoted(t) => match mode {
                    Mode::HereDoc => out.extend_from_slice(t),
                    Mode::DQuote => {
                        for &b in t {
                            if matches!(b, b'"' | b'\\' | b'$' | b'`') {
                                out.push(b'\\');
                            }
                            out.push(b);
                        }
                    }
                    Mode::Normal if t.len() == 1 => {
                        out.push(b'\\');
                        out.push(t[0]);
                    }
                    Mode::Normal => out.extend_from_slice(&single_quote(t)),
                },
                WordPart::DQuoted(inner) => {
                    out.push(b'"');
                    out.extend_from_slice(&self.parts_text(inner, Mode::DQuote));
                    out.push(b'"');
                }
                WordPart::Param(pe) => out.extend_from_slice(&self.param_text(pe, mode)),
                WordPart::CmdSub(prog) => {
                    out.extend_from_slice(b"$(");
                    out.extend_from_slice(&comsub_text(prog));
                    out.push(b')');
                }
                WordPart::ProcSub(prog, input) => {
                    out.extend_from_slice(if *input { b"<(" } else { b">(" });
                    out.extend_from_slice(&comsub_text(prog));
                    out.push(b')');
                }
                WordPart::Arith(w) => {
                    out.extend_from_slice(b"$((");
                    out.extend_from_slice(&self.word(w));
                    out.extend_from_slice(b"))");
                }
                WordPart::Tilde(user) => {
                    out.push(b'~');
                    out.extend_from_slice(user);
                }
                WordPart::DeclArray(a) => out.extend_from_slice(&self.assign_text(a)),
                WordPart::Empty => {}
            }
        }
        out
    }

    fn param_text(&self, pe: &ParamExp, mode: Mode) -> Vec<u8> {
        let name = match &pe.name {
            ParamName::Var(n) => n.clone(),
            ParamName::Positional(n) => n.to_string().into_bytes(),
        };
        let short_name = match &pe.name {
            ParamName::Var(_) => true,
            ParamName::Positional(n) => *n < 10,
        };
        if short_name
            && !pe.indirect
            && !pe.length
            && pe.index.is_none()
            && matches!(pe.op, ParamOp::None)
        {
            return [b"$".to_vec(), name].concat();
        }
        let arg_mode = if mode == Mode::Normal {
            Mode::Normal
        } else {
            Mode::DQuote
        };
        let arg = |w: &Word| -> Vec<u8> {
            if w.raw.is_empty() {
                self.parts_text(&w.parts, arg_mode)
            } else {
                self.word(w)
            }
        };
        let mut out = b"${".to_vec();
        if pe.length {
            out.push(b'#');
        }
        if pe.indirect || matches!(pe.op, ParamOp::PrefixNames { .. } | ParamOp::Keys) {
            out.push(b'!');
        }
        out.extend_from_slice(&name);
        match &pe.index {
            None => {}
            Some(Subscript::At) => out.extend_from_slice(b"[@]"),
            Some(Subscript::Star) => out.extend_from_slice(b"[*]"),
            Some(Subscript::Expr(w)) => {
                out.push(b'[');
                out.extend_from_slice(&arg(w));
                out.push(b']');
            }
        }
        let colon = |c: bool| if c { &b":"[..] } else { &b""[..] };
        match &pe.op {
            ParamOp::None | ParamOp::Keys => {}
            ParamOp::Default { colon: c, word } => {
                out.extend_from_slice(colon(*c));
                out.push(b'-');
                out.extend_from_slice(&arg(word));
            }
            ParamOp::Assign { colon: c, word } => {
                out.extend_from_slice(colon(*c));
                out.push(b'=');
                out.extend_from_slice(&arg(word));
            }
            ParamOp::Error { colon: c, word } => {
                out.extend_from_slice(colon(*c));
                out.push(b'?');
                out.extend_from_slice(&arg(word));
            }
            ParamOp::Alternative { colon: c, word } => {
                out.extend_from_slice(colon(*c));
                out.push(b'+');
                out.extend_from_slice(&arg(word));
            }
            ParamOp::TrimPrefix { longest, pattern } => {
                out.extend_from_slice(if *longest { b"##" } else { b"#" });
                out.extend_from_slice(&arg(pattern));
            }
            ParamOp::TrimSuffix { longest, pattern } => {
                out.extend_from_slice(if *longest { b"%%" } else { b"%" });
                out.extend_from_slice(&arg(pattern));
            }
            ParamOp::Replace {
                mode,
                pattern,
                replacement,
            } => {
                out.extend_from_slice(match mode {
                    ReplaceMode::First => b"/",
                    ReplaceMode::All => b"//",
                    ReplaceMode::Prefix => b"/#",
                    ReplaceMode::Suffix => b"/%",
                });
                out.extend_from_slice(&arg(pattern));
                if let Some(r) = replacement {
                    out.push(b'/');
                    out.extend_from_slice(&arg(r));
                }
            }
            ParamOp::Substring { offset, length } => {
                out.push(b':');
                out.extend_from_slice(&arg(offset));
                if let Some(l) = length {
                    out.push(b':');
                    out.extend_from_slice(&arg(l));
                }
            }
            ParamOp::Case { mode, all, pattern } => {
                let c = mode.op();
                out.push(c);
                if *all {
                    out.push(c);
                }
                if let Some(p) = pattern {
                    out.extend_from_slice(&arg(p));
                }
            }
            ParamOp::Transform(c) => {
                out.push(b'@');
                out.push(*c);
            }
            ParamOp::PrefixNames { star } => out.push(if *star { b'*' } else { b'@' }),
            ParamOp::Bad(text) => return [b"${".to_vec(), text.clone(), b"}".to_vec()].concat(),
        }
        out.push(b'}');
        out
    }
}

/// The command and process substitutions directly in a word, in the order they are written.
fn collect_programs<'a>(parts: &'a [WordPart], out: &mut Vec<(&'a Program, u8)>) {
    for p in parts {
        match p {
            WordPart::CmdSub(prog) => out.push((prog, b'$')),
            WordPart::ProcSub(prog, input) => out.push((prog, if *input { b'<' } else { b'>' })),
            WordPart::DQuoted(inner) => collect_programs(inner, out),
            WordPart::Arith(w) => collect_programs(&w.parts, out),
            WordPart::Param(pe) => {
                if let Some(Subscript::Expr(w)) = &pe.index {
                    collect_programs(&w.parts, out);
                }
                for w in param_words(&pe.op) {
                    collect_programs(&w.parts, out);
                }
            }
            WordPart::Lit(_)
            | WordPart::Quoted(_)
            | WordPart::Tilde(_)
            | WordPart::DeclArray(_)
            | WordPart::Empty => {}
        }
    }
}

fn param_words(op: &ParamOp) -> Vec<&Word> {
    match op {
        ParamOp::Default { word, .. }
        | ParamOp::Assign { word, .. }
        | ParamOp::Error { word, .. }
        | ParamOp::Alternative { word, .. } => vec![word],
        ParamOp::TrimPrefix { pattern, .. } | ParamOp::TrimSuffix { pattern, .. } => vec![pattern],
        ParamOp::Replace {
            pattern,
            replacement,
            ..
        } => std::iter::once(pattern).chain(replacement).collect(),
        ParamOp::Substring { offset, length } => std::iter::once(offset).chain(length).collect(),
        ParamOp::Case { pattern, .. } => pattern.iter().collect(),
        ParamOp::None
        | ParamOp::Transform(_)
        | ParamOp::PrefixNames { .. }
        | ParamOp::Keys
        | ParamOp::Bad(_) => Vec::new(),
    }
}

/// Newlines a here-document body's parts stood for in the source.
fn newline_count(parts: &[WordPart]) -> usize {
    let nl = |t: &[u8]| t.iter().filter(|&&b| b == b'\n').count();
    parts
        .iter()
        .map(|p| match p {
            WordPart::Lit(t) | WordPart::Quoted(t) | WordPart::Tilde(t) => nl(t),
            WordPart::DQuoted(inner) => newline_count(inner),
            WordPart::CmdSub(prog) | WordPart::ProcSub(prog, _) => nl(&prog.source),
            WordPart::Arith(w) if !w.raw.is_empty() => nl(&w.raw),
            WordPart::Arith(w) => newline_count(&w.parts),
            WordPart::Param(pe) => {
                let ix = match &pe.index {
                    Some(Subscript::Expr(w)) => newline_count(&w.parts),
                    _ => 0,
                };
                ix + param_words(&pe.op)
                    .iter()
                    .map(|w| newline_count(&w.parts))
                    .sum::<usize>()
            }
            WordPart::DeclArray(_) | WordPart::Empty => 0,
        })
        .sum()
}

/// Index just past the closing `quote` of a quoted run starting at `i` (the opening quote),
/// honouring backslashes when `escapes`.
fn quoted_end(raw: &[u8], i: usize, quote: u8, escapes: bool) -> usize {
    let mut j = i + 1;
    while j < raw.len() {
        if escapes && raw[j] == b'\\' {
            j += 2;
            continue;
        }
        if raw[j] == quote {
            return j + 1;
        }
        j += 1;
    }
    raw.len()
}

/// A word's source text with bash's reader rewrites applied (see the module docs).
fn rewrite_raw(raw: &[u8], progs: &[(&Program, u8)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    let mut next = 0;
    let mut dq = false;
    while i < raw.len() {
        let b = raw[i];
        let peek = raw.get(i + 1).copied();
        match b {
            b'\\' => {
                let end = (i + 2).min(raw.len());
                out.extend_from_slice(&raw[i..end]);
                i = end;
            }
            b'\'' if !dq => {
                let end = quoted_end(raw, i, b'\'', false);
                out.extend_from_slice(&raw[i..end]);
                i = end;
            }
            b'"' => {
                dq = !dq;
                out.push(b);
                i += 1;
            }
            b'`' => {
                let end = quoted_end(raw, i, b'`', true);
                out.extend_from_slice(&raw[i..end]);
                i = end;
                if progs.get(next).is_some_and(|p| p.1 == b'$') {
                    next += 1;
                }
            }
            b'$' if peek == Some(b'\'') && !dq => {
                let end = quoted_end(raw, i + 1, b'\'', true);
                let body = &raw[i + 2..end.saturating_sub(1).max(i + 2)];
                out.extend_from_slice(&single_quote(&escapes::ansi_c(body)));
                i = end;
            }
            b'$' if peek == Some(b'"') && !dq => {
                // `$"..."`: shown as `"..."`.
                i += 1;
            }
            b'$' | b'<' | b'>' if peek == Some(b'(') && (b == b'$' || !dq) => {
                let matched = progs.get(next).filter(|(prog, kind)| {
                    let src = &prog.source[..];
                    *kind == b
                        && raw[i + 2..].starts_with(src)
                        && raw.get(i + 2 + src.len()) == Some(&b')')
                });
                match matched {
                    Some((prog, _)) => {
                        out.push(b);
                        out.push(b'(');
                        out.extend_from_slice(&comsub_text(prog));
                        out.push(b')');
                        i += 2 + prog.source.len() + 1;
                        next += 1;
                    }
                    None => {
                        out.push(b);
                        i += 1;
                    }
                }
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
