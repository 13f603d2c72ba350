//! The read plan: every segment of a command (each simple command of every list, pipeline,
//! compound command and function body, with nested plans for substitutions and for shell text
//! run again), and each segment's path candidates. Built from the simulator's own parser.

use super::knowledge::{self, Face};
use super::words::{evaluate, Scope, Value, DEFAULT_IFS, PLACEHOLDER};
use crate::shell::ast::{
    AssignValue, Command, CompoundCommand, CondExpr, FunctionDef, List, RedirOp, RedirTarget,
    SimpleCommand, Word,
};
use crate::vfs::path;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Deepest nesting of substitutions and re-entered text the plan follows.
pub const MAX_DEPTH: usize = 24;
/// Most segments one command may produce before the judge stops reading it.
pub const MAX_SEGMENTS: usize = 20_000;

/// One word that may name a file, with where it was spelled from.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub value: Value,
    pub face: Face,
    /// The working directory relative spellings start from (`None`: not known here).
    pub base: Option<Vec<u8>>,
    /// Judged by the deny list only (a program path, an environment value, a shadow).
    pub deny_only: bool,
    /// Other directories the shell may be in when it runs (after a `cd` in a branch that
    /// may not have run): a relative spelling is judged from each of them too.
    pub other_bases: Vec<Vec<u8>>,
}

impl Candidate {
    /// The candidate as judged from each directory the shell may be in.
    pub fn variants(&self) -> Vec<Candidate> {
        let mut out = vec![Candidate {
            other_bases: Vec::new(),
            ..self.clone()
        }];
        if !self.value.text.starts_with(b"/") {
            for b in &self.other_bases {
                out.push(Candidate {
                    base: Some(b.clone()),
                    other_bases: Vec::new(),
                    ..self.clone()
                });
            }
        }
        out
    }
}

/// Most directories the plan follows at once before it calls the directory unknown.
const MAX_CWDS: usize = 4;

#[derive(Clone, Debug, Default)]
pub struct Segment {
    /// The program as spelled (for the verdict).
    pub program: String,
    pub candidates: Vec<Candidate>,
    /// Why the scan could not read what this segment runs.
    pub declined: Option<String>,
    /// Why this segment's reads cannot be established at all.
    pub unestablishable: Option<String>,
    pub nested: Vec<Nested>,
}

#[derive(Clone, Debug)]
pub struct Nested {
    pub plan: Plan,
    /// Shell text run again (`sh -c`, `eval`): only its deny hits count.
    pub reentry: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub segments: Vec<Segment>,
    /// The text could not be parsed (the whole plan is unestablishable).
    pub unreadable: Option<String>,
}

/// What the plan knows at one point of the text. Only what holds on every path that can
/// reach that point is kept: after a branch that may or may not run, see [`State::merge`].
#[derive(Clone)]
struct State {
    declared_home: Vec<u8>,
    home: Vec<u8>,
    cwd: Option<Vec<u8>>,
    vars: BTreeMap<Vec<u8>, Vec<u8>>,
    /// Other directories the shell may be in besides `cwd` (paths that disagree on it met).
    other_cwds: Vec<Vec<u8>>,
    /// `$IFS` (`None`: not known).
    ifs: Option<Vec<u8>>,
    /// Functions the text defined: calling one may change variables and the directory.
    functions: BTreeMap<Vec<u8>, Rc<FunctionDef>>,
}

impl State {
    /// Keeps what `other`, the state along another path to the same point, agrees on.
    fn merge(&mut self, other: &State) {
        self.vars.retain(|k, v| other.vars.get(k) == Some(v));
        if self.ifs != other.ifs {
            self.ifs = None;
        }
        self.merge_cwd(other);
        if self.home != other.home {
            self.home = vec![PLACEHOLDER];
        }
        for (name, f) in &other.functions {
            self.functions
                .entry(name.clone())
                .or_insert_with(|| f.clone());
        }
    }

    /// The directories either path may be in; unknown past [`MAX_CWDS`].
    fn merge_cwd(&mut self, other: &State) {
        let (Some(a), Some(b)) = (&self.cwd, &other.cwd) else {
            self.lose_cwd();
            return;
        };
        let mut all = vec![a.clone()];
        for d in self
            .other_cwds
            .iter()
            .chain(std::iter::once(b))
            .chain(&other.other_cwds)
        {
            if !all.contains(d) {
                all.push(d.clone());
            }
        }
        if all.len() > MAX_CWDS {
            self.lose_cwd();
        } else {
            self.other_cwds = all.split_off(1);
        }
    }

    /// Every directory the shell may be in (`None`: not known).
    fn cwds(&self) -> Option<Vec<Vec<u8>>> {
        let c = self.cwd.as_ref()?;
        Some(
            std::iter::once(c)
                .chain(&self.other_cwds)
                .cloned()
                .collect(),
        )
    }

    /// Text the plan cannot see ran in this shell (`source FILE`): its variables are not
    /// known. Like a script the command runs, the sourced file is trusted not to move the
    /// directory or the home: the judge weighs the command's own text.
    fn forget(&mut self) {
        self.vars.clear();
    }

    /// The directory the shell is in is no longer known.
    fn lose_cwd(&mut self) {
        self.cwd = None;
        self.other_cwds.clear();
    }

    /// A variable given a value the plan cannot know.
    fn unbind(&mut self, name: &[u8]) {
        bind(self, name, None);
    }
}

/// Builds the plan of `text` starting in `cwd` with the declared `home`.
pub fn plan(text: &[u8], cwd: &[u8], home: &[u8]) -> Plan {
    let state = State {
        declared_home: home.to_vec(),
        home: home.to_vec(),
        cwd: Some(cwd.to_vec()),
        vars: BTreeMap::new(),
        other_cwds: Vec::new(),
        ifs: Some(DEFAULT_IFS.to_vec()),
        functions: BTreeMap::new(),
    };
    let mut count = 0;
    plan_text(text, state, 0, &mut count)
}

fn plan_text(text: &[u8], mut state: State, depth: usize, count: &mut usize) -> Plan {
    if depth > MAX_DEPTH {
        return Plan {
            segments: Vec::new(),
            unreadable: Some(format!("nested deeper than {MAX_DEPTH} levels")),
        };
    }
    if text.contains(&0) {
        return Plan {
            segments: Vec::new(),
            unreadable: Some("the text holds a NUL byte".into()),
        };
    }
    match crate::shell::parser::parse(text) {
        Ok(prog) => {
            let mut w = Walker {
                segments: Vec::new(),
                feeding_xargs: false,
                depth,
                count,
                bound: None,
            };
            w.list(&prog.body, &mut state);
            let unreadable = w.bound.take();
            Plan {
                segments: w.segments,
                unreadable,
            }
        }
        Err(e) => Plan {
            segments: Vec::new(),
            unreadable: Some(format!("the shell cannot parse it: {}", e.message)),
        },
    }
}

struct Walker<'c> {
    segments: Vec<Segment>,
    /// The current pipeline stage feeds `xargs` further down.
    feeding_xargs: bool,
    depth: usize,
    count: &'c mut usize,
    /// A bound that was hit: the plan is incomplete.
    bound: Option<String>,
}

impl Walker<'_> {
    fn push(&mut self, seg: Segment) {
        *self.count += 1;
        if *self.count > MAX_SEGMENTS {
            self.bound
                .get_or_insert_with(|| format!("more than {MAX_SEGMENTS} commands"));
            return;
        }
        self.segments.push(seg);
    }

    fn nested(&mut self, text: &[u8], state: &State, reentry: bool) -> Nested {
        Nested {
            plan: plan_text(text, state.clone(), self.depth + 1, self.count),
            reentry,
        }
    }

    /// A walker one level deeper that shares this one's segment count.
    fn child(&mut self) -> Walker<'_> {
        Walker {
            segments: Vec::new(),
            feeding_xargs: false,
            depth: self.depth + 1,
            count: self.count,
            bound: None,
        }
    }

    fn sub_plan(&mut self, prog: &crate::shell::ast::Program, state: &State) -> Nested {
        if self.depth + 1 > MAX_DEPTH {
            return Nested {
                plan: Plan {
                    segments: Vec::new(),
                    unreadable: Some(format!("nested deeper than {MAX_DEPTH} levels")),
                },
                reentry: false,
            };
        }
        let mut w = self.child();
        let mut st = state.clone();
        w.list(&prog.body, &mut st);
        Nested {
            plan: Plan {
                segments: w.segments,
                unreadable: w.bound,
            },
            reentry: false,
        }
    }

    fn list(&mut self, list: &List, state: &mut State) {
        for item in &list.items {
            let pipelines =
                std::iter::once(&item.and_or.first).chain(item.and_or.rest.iter().map(|(_, p)| p));
            for (k, p) in pipelines.enumerate() {
                if p.commands.len() == 1 && !item.background {
                    if k == 0 {
                        self.command(&p.commands[0], state);
                    } else {
                        // After `&&` or `||` a pipeline may not run.
                        let mut st = state.clone();
                        self.command(&p.commands[0], &mut st);
                        state.merge(&st);
                    }
                } else {
                    // Stages run in subshells: what they change does not leak.
                    let xargs_at = p.commands.iter().position(|c| match c {
                        Command::Simple(s) => s
                            .words
                            .first()
                            .and_then(|w| w.as_literal())
                            .is_some_and(|w| path::file_name(w) == b"xargs"),
                        _ => false,
                    });
                    for (k, c) in p.commands.iter().enumerate() {
                        let mut st = state.clone();
                        self.feeding_xargs = xargs_at.is_some_and(|x| k < x);
                        self.command(c, &mut st);
                        self.feeding_xargs = false;
                    }
                }
            }
        }
    }

    fn command(&mut self, cmd: &Command, state: &mut State) {
        match cmd {
            Command::Simple(s) => self.simple(s, state),
            Command::FunctionDef(f) => {
                // Judged where it is defined: the common case is a function called in place.
                let mut st = state.clone();
                self.command(&f.body, &mut st);
                state.functions.insert(f.name.clone(), f.clone());
            }
            Command::Compound(c, redirects, _) => {
                if !redirects.is_empty() {
                    let mut seg = Segment {
                        program: "(redirections)".into(),
                        ..Segment::default()
                    };
                    self.redirects(redirects, state, &mut seg);
                    self.push(seg);
                }
                match c.as_ref() {
                    CompoundCommand::Group(l) => self.list(l, state),
                    CompoundCommand::Subshell(l) => {
                        let mut st = state.clone();
                        self.list(l, &mut st);
                    }
                    CompoundCommand::If {
                        branches,
                        else_body,
                    } => {
                        // Each branch starts from the conditions before it; what follows
                        // knows only what every branch (or none taken) leaves.
                        let mut ends = Vec::new();
                        for (cond, body) in branches {
                            self.list(cond, state);
                            let mut st = state.clone();
                            self.list(body, &mut st);
                            ends.push(st);
                        }
                        if let Some(e) = else_body {
                            let mut st = state.clone();
                            self.list(e, &mut st);
                            *state = st;
                        }
                        for st in &ends {
                            state.merge(st);
                        }
                    }
                    CompoundCommand::While { cond, body, .. } => {
                        // The body runs any number of times, maybe none.
                        self.list(cond, state);
                        let mut st = state.clone();
                        self.list(body, &mut st);
                        self.list(cond, &mut st);
                        state.merge(&st);
                    }
                    CompoundCommand::For {
                        var, words, body, ..
                    }
                    | CompoundCommand::Select {
                        var, words, body, ..
                    } => {
                        let mut values = Vec::new();
                        let mut seg = Segment {
                            program: "for".into(),
                            ..Segment::default()
                        };
                        for w in words.iter().flatten() {
                            for v in self.fields(w, state, &mut seg) {
                                values.push(v);
                            }
                        }
                        self.push(seg);
                        let known = values.iter().all(|v| v.exact())
                            && !values.is_empty()
                            && values.len() <= 16;
                        let mut ends = Vec::new();
                        if known {
                            for v in values {
                                let mut st = state.clone();
                                st.vars.insert(var.clone(), v.text.clone());
                                self.list(body, &mut st);
                                ends.push(st);
                            }
                        } else {
                            let mut st = state.clone();
                            st.unbind(var);
                            self.list(body, &mut st);
                            ends.push(st);
                        }
                        // After the loop the variable holds its last value (or its old one).
                        state.unbind(var);
                        for st in &ends {
                            state.merge(st);
                        }
                    }
                    CompoundCommand::ArithFor { body, .. } => {
                        let mut st = state.clone();
                        self.list(body, &mut st);
                        state.merge(&st);
                    }
                    CompoundCommand::Case { word, arms } => {
                        let mut seg = Segment {
                            program: "case".into(),
                            ..Segment::default()
                        };
                        self.word_values(word, state, &mut seg);
                        self.push(seg);
                        let mut ends = Vec::new();
                        for arm in arms {
                            let mut st = state.clone();
                            self.list(&arm.body, &mut st);
                            ends.push(st);
                        }
                        for st in &ends {
                            state.merge(st);
                        }
                    }
                    CompoundCommand::Arith(w, _) => {
                        let mut seg = Segment {
                            program: "((".into(),
                            ..Segment::default()
                        };
                        self.word_values(w, state, &mut seg);
                        self.push(seg);
                    }
                    CompoundCommand::Coproc { body, .. } => {
                        // The coprocess runs in a subshell: its assignments stay there.
                        let mut st = state.clone();
                        self.command(body, &mut st);
                    }
                    CompoundCommand::Cond(expr, _) => {
                        let mut seg = Segment {
                            program: "[[".into(),
                            ..Segment::default()
                        };
                        self.cond(expr, state, &mut seg);
                        self.push(seg);
                    }
                }
            }
        }
    }

    fn cond(&mut self, e: &CondExpr, state: &State, seg: &mut Segment) {
        match e {
            CondExpr::And(a, b) | CondExpr::Or(a, b) => {
                self.cond(a, state, seg);
                self.cond(b, state, seg);
            }
            CondExpr::Not(a) => self.cond(a, state, seg),
            CondExpr::Unary(op, w) => {
                let file_op = op.len() == 2 && b"efdrwxsLhpSbcgukOGN".contains(&op[1]);
                for v in self.word_values(w, state, seg) {
                    if file_op {
                        seg.candidates.push(candidate(v, Face::Read, state, false));
                    }
                }
            }
            CondExpr::Binary(a, op, b) => {
                let file_op = matches!(op.as_slice(), b"-nt" | b"-ot" | b"-ef");
                for w in [a, b] {
                    for v in self.word_values(w, state, seg) {
                        if file_op {
                            seg.candidates.push(candidate(v, Face::Read, state, false));
                        }
                    }
                }
            }
            CondExpr::Word(w) => {
                self.word_values(w, state, seg);
            }
        }
    }

    /// Evaluates a word in `state`; its substitutions become nested plans of `seg`.
    fn word_values(&mut self, w: &Word, state: &State, seg: &mut Segment) -> Vec<Value> {
        self.evaluate_word(w, state, seg, false)
    }

    /// Like [`Walker::word_values`] for a word bash also splits into fields at `$IFS` (the
    /// words of a command, a `for` list or an array assignment).
    fn fields(&mut self, w: &Word, state: &State, seg: &mut Segment) -> Vec<Value> {
        self.evaluate_word(w, state, seg, true)
    }

    fn evaluate_word(
        &mut self,
        w: &Word,
        state: &State,
        seg: &mut Segment,
        field_split: bool,
    ) -> Vec<Value> {
        let scope = Scope {
            home: &state.home,
            declared_home: &state.declared_home,
            vars: &state.vars,
            // `$PWD` and `~+` name one directory only when the shell can be in only one.
            cwd: state.cwd.as_deref().filter(|_| state.other_cwds.is_empty()),
            ifs: state.ifs.as_deref(),
            field_split,
        };
        match evaluate(w, &scope) {
            Ok(ev) => {
                for prog in &ev.substitutions {
                    let n = self.sub_plan(prog, state);
                    seg.nested.push(n);
                }
                ev.values
            }
            Err(b) => {
                seg.unestablishable.get_or_insert(b.0);
                Vec::new()
            }
        }
    }

    fn redirects(
        &mut self,
        redirects: &[crate::shell::ast::Redirect],
        state: &State,
        seg: &mut Segment,
    ) {
        for r in redirects {
            match &r.target {
                RedirTarget::HereDoc(h) => {
                    if !h.quoted {
                        if let Some(body) = h.body.get() {
                            self.word_values(body, state, seg);
                        }
                    }
                }
                RedirTarget::Word(w) => {
                    let values = self.word_values(w, state, seg);
                    let face = match r.op {
                        RedirOp::In | RedirOp::ReadWrite => Some(Face::Read),
                        RedirOp::Out
                        | RedirOp::Append
                        | RedirOp::Clobber
                        | RedirOp::OutErr
                        | RedirOp::AppendErr => Some(Face::Write),
                        RedirOp::DupIn | RedirOp::DupOut => None,
                        RedirOp::HereString | RedirOp::HereDoc => None,
                    };
                    for v in values {
                        let dup_target = matches!(r.op, RedirOp::DupIn | RedirOp::DupOut);
                        if dup_target {
                            // `>&2`, `<&-`: a descriptor. `>& file` (bash) writes a file.
                            let t = &v.text;
                            let fd_like = t.iter().all(|b| b.is_ascii_digit())
                                || t == b"-"
                                || (t.ends_with(b"-")
                                    && t[..t.len() - 1].iter().all(|b| b.is_ascii_digit()));
                            if !fd_like {
                                seg.candidates.push(candidate(v, Face::Write, state, false));
                            }
                            continue;
                        }
                        if let Some(face) = face {
                            seg.candidates.push(candidate(v, face, state, false));
                            if r.op == RedirOp::ReadWrite {
                                // `<>` also writes.
                            }
                        }
                    }
                }
            }
        }
    }

    fn simple(&mut self, cmd: &SimpleCommand, state: &mut State) {
        let mut seg = Segment::default();
        // Assignments: alone they bind variables (and HOME); before a command they are its
        // environment, which meets the deny judge.
        let mut env_values = Vec::new();
        for a in &cmd.assigns {
            if let Some(idx) = &a.index {
                let mut subs = Vec::new();
                super::words::collect_subs(idx, &mut subs);
                for prog in subs {
                    let n = self.sub_plan(&prog, state);
                    seg.nested.push(n);
                }
            }
            if let AssignValue::Array(elems) = &a.value {
                for e in elems {
                    self.fields(&e.value, state, &mut seg);
                }
            }
            if let AssignValue::Scalar(w) = &a.value {
                let vals = self.word_values(w, state, &mut seg);
                env_values.push((a.name.clone(), vals));
            }
        }
        let mut vals: Vec<Value> = Vec::new();
        for w in &cmd.words {
            // A declaration builtin's `name=value` words are assignments: not split.
            let declaring = vals.first().is_some_and(|p| {
                matches!(
                    p.text.as_slice(),
                    b"export" | b"declare" | b"typeset" | b"local" | b"readonly"
                )
            });
            if declaring {
                vals.extend(self.word_values(w, state, &mut seg));
            } else {
                vals.extend(self.fields(w, state, &mut seg));
            }
        }
        self.redirects(&cmd.redirects, state, &mut seg);
        if vals.is_empty() {
            for (name, v) in env_values {
                bind(state, &name, v.first().filter(|_| v.len() == 1));
            }
            seg.program = "(assignment)".into();
            self.push(seg);
            return;
        }
        for (_, v) in env_values {
            for value in v {
                seg.candidates
                    .push(candidate(value, Face::Env, state, true));
            }
        }
        self.run_values(&vals, state, &mut seg);
        self.push(seg);
    }

    /// One command given as evaluated values: the program first.
    fn run_values(&mut self, vals: &[Value], state: &mut State, seg: &mut Segment) {
        let program = &vals[0];
        seg.program = String::from_utf8_lossy(&program.text).replace(PLACEHOLDER as char, "…");
        // `[` alone is the test command, not a pattern: a bracket needs its closing `]`.
        let pattern_word = program.glob
            && (program.text.iter().any(|b| matches!(b, b'*' | b'?'))
                || program
                    .text
                    .iter()
                    .position(|&b| b == b'[')
                    .is_some_and(|i| program.text[i + 1..].contains(&b']')));
        if !program.exact() || pattern_word {
            seg.declined = Some("the program word cannot be read before it runs".into());
            for v in &vals[1..] {
                seg.candidates
                    .push(candidate(v.clone(), Face::Read, state, true));
            }
            return;
        }
        if program.text.contains(&b'/') {
            seg.candidates
                .push(candidate(program.clone(), Face::Program, state, true));
        }
        let name = path::file_name(&program.text).to_vec();
        let program_text = program.text.clone();
        let args = &vals[1..];
        let a = knowledge::analyze(&name, args);
        if self.feeding_xargs {
            // Upstream of xargs: these words become its operands, so they meet the deny judge.
            for v in args {
                seg.candidates
                    .push(candidate(v.clone(), Face::Read, state, true));
            }
        }
        for (i, face) in &a.paths {
            if args[*i].pipe {
                continue;
            }
            let mut v = args[*i].clone();
            strip_option_prefix(&mut v, &name, state);
            seg.candidates
                .push(candidate(v, *face, state, matches!(face, Face::Env)));
        }
        for (p, face) in &a.embedded {
            let v = Value {
                pattern: p.clone(),
                text: p.clone(),
                ..Value::default()
            };
            seg.candidates.push(candidate(v, *face, state, false));
        }
        for (v, face) in &a.globbed {
            seg.candidates
                .push(candidate(v.clone(), *face, state, false));
        }
        // Tools that walk the working directory when given no path.
        let walks_cwd = match name.as_slice() {
            b"find" | b"du" | b"tree" => !a.paths.iter().any(|(_, f)| *f == Face::Traverse),
            b"grep" | b"egrep" | b"rg" | b"ag" => {
                let recursive = name != b"grep" && name != b"egrep"
                    || args.iter().any(|v| {
                        v.text.starts_with(b"-")
                            && !v.text.starts_with(b"--")
                            && (v.text.contains(&b'r') || v.text.contains(&b'R'))
                    })
                    || args.iter().any(|v| v.text == b"--recursive");
                recursive && !a.paths.iter().any(|(_, f)| *f == Face::Traverse)
            }
            _ => false,
        };
        if walks_cwd {
            let v = Value {
                text: b".".to_vec(),
                pattern: b".".to_vec(),
                ..Value::default()
            };
            seg.candidates
                .push(candidate(v, Face::Traverse, state, false));
        }
        if let Some(why) = a.unestablishable {
            seg.unestablishable.get_or_insert(why);
        }
        if let Some(why) = a.declined {
            seg.declined.get_or_insert(why);
        }
        for i in &a.reentry {
            let v = &args[*i];
            if v.exact() {
                let n = self.nested(&v.text, state, true);
                seg.nested.push(n);
            } else {
                seg.unestablishable
                    .get_or_insert("shell text that is not known before it runs".into());
            }
        }
        for t in &a.reentry_text {
            let n = self.nested(t, state, true);
            seg.nested.push(n);
        }
        if !a.reentry.is_empty() {
            seg.unestablishable
                .get_or_insert("the shell parses this text again when it runs".into());
        }
        for (s, e) in &a.exec {
            if s < e && *e <= args.len() {
                let inner: Vec<Value> = args[*s..*e]
                    .iter()
                    .filter(|v| v.text != b"{}")
                    .cloned()
                    .collect();
                if !inner.is_empty() {
                    let mut st = state.clone();
                    let mut sub = Segment::default();
                    self.run_values(&inner, &mut st, &mut sub);
                    seg.nested.push(Nested {
                        plan: Plan {
                            segments: vec![sub],
                            unreadable: None,
                        },
                        reentry: false,
                    });
                }
            }
        }
        if let Some(i) = a.inner {
            if i < args.len() {
                let inner: Vec<Value> = args[i..].to_vec();
                let mut sub = Segment::default();
                self.run_values(&inner, state, &mut sub);
                seg.candidates.extend(sub.candidates);
                seg.nested.extend(sub.nested);
                if seg.declined.is_none() {
                    seg.declined = sub.declined;
                }
                if seg.unestablishable.is_none() {
                    seg.unestablishable = sub.unestablishable;
                }
            }
        }
        if let Some(target) = a.cd {
            let new: Option<Vec<Vec<u8>>> = match target {
                None => Some(vec![state.home.clone()]),
                Some(i) => {
                    let v = &args[i];
                    if !(v.exact() && !v.glob && v.text != b"-") {
                        None
                    } else if v.text.starts_with(b"/") {
                        Some(vec![path::normalize(&v.text)])
                    } else {
                        // From each directory the shell may be in.
                        state.cwds().map(|cs| {
                            cs.iter()
                                .map(|c| path::normalize(&path::join(c, &v.text)))
                                .collect()
                        })
                    }
                }
            };
            match new {
                Some(mut dirs) => {
                    state.cwd = Some(dirs.remove(0));
                    dirs.dedup();
                    state.other_cwds = dirs;
                }
                None => state.lose_cwd(),
            }
        }
        if matches!(
            name.as_slice(),
            b"export" | b"declare" | b"typeset" | b"local" | b"readonly"
        ) {
            // `declare -n r=x` makes r a reference: its value is x's, whatever that becomes.
            let nameref = args
                .iter()
                .any(|v| v.text.starts_with(b"-") && v.text.contains(&b'n'));
            for v in args {
                if let Some(eq) = v.text.iter().position(|&b| b == b'=') {
                    let mut value = v.clone();
                    value.text = v.text[eq + 1..].to_vec();
                    let name = v.text[..eq].to_vec();
                    let value = Some(&value).filter(|x| x.exact() && !nameref);
                    bind(state, &name, value);
                }
            }
        }
        for var in assigned_by_builtin(&name, args) {
            state.unbind(&var);
        }
        if name == b"unset" {
            for v in args.iter().filter(|v| !v.text.starts_with(b"-")) {
                if v.text == b"IFS" {
                    // Unset, IFS splits as its default does.
                    state.ifs = Some(DEFAULT_IFS.to_vec());
                    state.vars.remove(b"IFS".as_slice());
                } else {
                    state.unbind(&v.text);
                }
            }
        }
        if name == b"source" || name == b"." {
            // The sourced text runs in this shell and is not in the plan.
            state.forget();
        }
        if let Some(f) = state.functions.get(&program_text).cloned() {
            self.call(&f, state);
        }
    }

    /// A call of a function the text defined: what its body may change (variables, the
    /// directory) is no longer known after it, unless the body leaves it as it was.
    fn call(&mut self, f: &FunctionDef, state: &mut State) {
        // Calls count against the segment bound, so `f() { f; f; }; f` stops there.
        if self.depth + 1 > MAX_DEPTH || *self.count > MAX_SEGMENTS {
            state.forget();
            state.lose_cwd();
            return;
        }
        // The body's segments were judged where it was defined; this run only follows state.
        let mut w = self.child();
        let mut st = state.clone();
        w.command(&f.body, &mut st);
        if w.bound.is_some() {
            state.forget();
            state.lose_cwd();
        }
        state.merge(&st);
    }
}

/// Variables a builtin assigns from what it reads (`read`, `mapfile`, `printf -v`, `getopts`,
/// `wait -p`): their values are not in the text.
fn assigned_by_builtin(name: &[u8], args: &[Value]) -> Vec<Vec<u8>> {
    // Option letters whose value is the next word (or the rest of the word).
    let (takes_value, names_option): (&[u8], &[u8]) = match name {
        b"read" => (b"adinNptu", b"a"),
        b"mapfile" | b"readarray" => (b"dnOsuCc", b""),
        b"printf" => (b"v", b"v"),
        b"wait" => (b"p", b"p"),
        b"getopts" => (b"", b""),
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    let mut operands = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let t = &args[i].text;
        if t == b"--" {
            operands.extend(args[i + 1..].iter().map(|v| v.text.clone()));
            break;
        }
        if t.len() > 1 && t[0] == b'-' && operands.is_empty() {
            for (k, &letter) in t.iter().enumerate().skip(1) {
                if takes_value.contains(&letter) {
                    let value = if k + 1 < t.len() {
                        t[k + 1..].to_vec()
                    } else {
                        i += 1;
                        args.get(i).map(|v| v.text.clone()).unwrap_or_default()
                    };
                    if names_option.contains(&letter) {
                        out.push(value);
                    }
                    break;
                }
            }
        } else {
            operands.push(t.clone());
        }
        i += 1;
    }
    match name {
        b"read" => {
            out.push(b"REPLY".to_vec());
            out.extend(operands);
        }
        b"mapfile" | b"readarray" => {
            out.push(b"MAPFILE".to_vec());
            out.extend(operands);
        }
        b"getopts" => {
            out.extend(operands.into_iter().skip(1).take(1));
            out.push(b"OPTARG".to_vec());
            out.push(b"OPTIND".to_vec());
        }
        _ => {}
    }
    out
}

/// Records a variable's value (or that it is no longer known).
fn bind(state: &mut State, name: &[u8], value: Option<&Value>) {
    if name == b"IFS" {
        state.ifs = value.filter(|v| v.exact()).map(|v| v.text.clone());
    }
    match value {
        Some(v) if v.exact() => {
            if name == b"HOME" {
                state.home = v.text.clone();
            }
            state.vars.insert(name.to_vec(), v.text.clone());
        }
        _ => {
            if name == b"HOME" {
                state.home = vec![PLACEHOLDER];
            }
            state.vars.remove(name);
        }
    }
}

/// `--file=X` and `dd if=X`: the path is the part after `=`.
fn strip_option_prefix(v: &mut Value, program: &[u8], state: &State) {
    let t = &v.text;
    let Some(eq) = t.iter().position(|&b| b == b'=') else {
        return;
    };
    let is_option = t.starts_with(b"-");
    let is_dd = program == b"dd" && (t.starts_with(b"if=") || t.starts_with(b"of="));
    if !(is_option || is_dd) {
        return;
    }
    let mut rest = t[eq + 1..].to_vec();
    let mut pattern = v.pattern[v
        .pattern
        .iter()
        .position(|&b| b == b'=')
        .map_or(0, |p| p + 1)..]
        .to_vec();
    // bash expands a tilde after `=` in a word shaped like an assignment (`if=~/k`), not in
    // `--file=~/k`.
    if is_dd && (rest == b"~" || rest.starts_with(b"~/")) {
        let mut home = state.home.clone();
        home.extend_from_slice(&rest[1..]);
        rest = home.clone();
        pattern = home;
    }
    v.text = rest;
    v.pattern = pattern;
}

fn candidate(value: Value, face: Face, state: &State, deny_only: bool) -> Candidate {
    Candidate {
        value,
        face,
        base: state.cwd.clone(),
        deny_only,
        other_bases: state.other_cwds.clone(),
    }
}
