//! declare/typeset/local/export/readonly, unset, set, shopt, let.

use crate::shell::parser::is_valid_name;
use crate::shell::state::{Options, Res, Shell};
use crate::shell::vars::*;

impl Shell {
    pub(super) async fn builtin_declare(&mut self, args: &[Vec<u8>], which: &str) -> Res<i32> {
        let mut add = 0u16;
        let mut remove = 0u16;
        let mut print = false;
        let mut functions = false;
        let mut global = false;
        let mut names = Vec::new();
        match which {
            "export" => add |= ATTR_EXPORT,
            "readonly" => add |= ATTR_READONLY,
            _ => {}
        }
        for a in args {
            if names.is_empty() && a.len() > 1 && (a[0] == b'-' || a[0] == b'+') && a != b"--" {
                let on = a[0] == b'-';
                for &c in &a[1..] {
                    let bit = match c {
                        b'x' => ATTR_EXPORT,
                        b'r' => ATTR_READONLY,
                        b'i' => ATTR_INTEGER,
                        b'l' => ATTR_LOWER,
                        b'u' => ATTR_UPPER,
                        // `export -n`: take the export attribute away.
                        b'n' if which == "export" => {
                            if on {
                                remove |= ATTR_EXPORT;
                                add &= !ATTR_EXPORT;
                            }
                            0
                        }
                        b'n' => ATTR_NAMEREF,
                        b'a' => ATTR_ARRAY,
                        b'A' => ATTR_ASSOC,
                        b'p' => {
                            print = true;
                            0
                        }
                        b'f' | b'F' => {
                            functions = true;
                            0
                        }
                        b'g' => {
                            global = true;
                            0
                        }
                        b't' => 0,
                        _ => {
                            self.error_msg(
                                format!("{which}: -{}: invalid option", c as char).as_bytes(),
                            );
                            return Ok(2);
                        }
                    };
                    if on {
                        add |= bit;
                    } else {
                        remove |= bit;
                    }
                }
                continue;
            }
            if a == b"--" && names.is_empty() {
                continue;
            }
            names.push(a.clone());
        }
        if functions {
            let mut status = 0;
            let list: Vec<Vec<u8>> = if names.is_empty() {
                self.funcs.keys().cloned().collect()
            } else {
                names.clone()
            };
            for n in list {
                match self.funcs.get(&n).cloned() {
                    Some(def) => {
                        let mut text = crate::shell::print::function_text(&def);
                        if !print && args.iter().any(|a| a.contains(&b'F')) {
                            // `declare -F`: names only (`declare -f NAME` when listing all).
                            text = if names.is_empty() {
                                [b"declare -f ", &n[..]].concat()
                            } else {
                                n.clone()
                            };
                        }
                        self.out_line(&text).await?;
                    }
                    None => status = 1,
                }
            }
            return Ok(status);
        }
        if names.is_empty() {
            // Print variables with the requested attributes.
            let want = add;
            let entries: Vec<(Vec<u8>, Var)> = self
                .vars
                .map
                .iter()
                .filter(|(_, v)| want == 0 || v.attrs & want == want)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            for (k, v) in entries {
                let line = declare_line(&k, &v, which == "export" && !print);
                self.out_line(&line).await?;
            }
            return Ok(0);
        }
        let local =
            which == "local" || (which == "declare" && !global && !self.call_stack.is_empty());
        if which == "local" && self.call_stack.is_empty() {
            self.error_msg(b"local: can only be used in a function");
            return Ok(1);
        }
        let mut status = 0;
        for n in names {
            let (name, value) = match n.iter().position(|&b| b == b'=') {
                Some(eq) => (n[..eq].to_vec(), Some(n[eq + 1..].to_vec())),
                None => (n.clone(), None),
            };
            let (name, append) = match name.strip_suffix(b"+") {
                Some(s) => (s.to_vec(), true),
                None => (name, false),
            };
            let base = name.split(|&b| b == b'[').next().unwrap_or(&name).to_vec();
            if !is_valid_name(&base) {
                self.error_msg(
                    format!(
                        "{which}: `{}': not a valid identifier",
                        String::from_utf8_lossy(&n)
                    )
                    .as_bytes(),
                );
                status = 1;
                continue;
            }
            if print {
                match self.vars.get(&name).cloned() {
                    Some(v) => {
                        let line = declare_line(&name, &v, false);
                        self.out_line(&line).await?;
                    }
                    None => {
                        self.error_msg(
                            format!("declare: {}: not found", String::from_utf8_lossy(&name))
                                .as_bytes(),
                        );
                        status = 1;
                    }
                }
                continue;
            }
            if local {
                self.vars.make_local(&base);
                if value.is_none() && self.vars.get(&base).is_some() && which == "local" {
                    let shadowed = self.vars_charge([&base[..]]);
                    self.account(shadowed, 0)?;
                    // `local x` without a value: a fresh unset local (bash keeps no value).
                    let attrs = self
                        .vars
                        .get(&base)
                        .map(|v| v.attrs & ATTR_EXPORT)
                        .unwrap_or(0);
                    self.vars.set_var(&base, Var { value: None, attrs });
                }
            }
            let existing = self.vars.get(&base).cloned();
            if existing.as_ref().is_some_and(|v| v.has(ATTR_READONLY))
                && (value.is_some() || remove & ATTR_READONLY != 0)
            {
                self.error_msg(
                    format!("{}: readonly variable", String::from_utf8_lossy(&base)).as_bytes(),
                );
                status = 1;
                continue;
            }
            let mut var = existing.unwrap_or_default();
            if add & ATTR_NAMEREF != 0 {
                // The referenced name must be a variable name (optionally with a subscript).
                let target = value
                    .clone()
                    .or_else(|| var.scalar_value().map(|t| t.to_vec()));
                if let Some(t) = target {
                    let base = t.split(|&b| b == b'[').next().unwrap_or(&t);
                    if !t.is_empty() && !is_valid_name(base) {
                        self.error_msg(
                            format!(
                                "{which}: `{}': invalid variable name for name reference",
                                String::from_utf8_lossy(&t)
                            )
                            .as_bytes(),
                        );
                        status = 1;
                        continue;
                    }
                }
            }
            var.attrs = (var.attrs | (add & !ATTR_READONLY)) & !remove;
            if add & ATTR_ASSOC != 0 && var.value.is_none() {
                var.value = None;
            }
            self.vars.set_var(&base, var);
            if let Some(v) = value {
                if v.starts_with(b"(")
                    && v.ends_with(b")")
                    && (add & (ATTR_ARRAY | ATTR_ASSOC) != 0
                        || self.vars.get(&base).is_some_and(|x| x.is_array()))
                {
                    // declare -a a=(x y): parse the literal.
                    let src = [&base[..], b"=", &v[..]].concat();
                    if let Ok(prog) = crate::shell::parser::parse(&src) {
                        if let Some(item) = prog.body.items.first() {
                            if let crate::shell::ast::Command::Simple(sc) =
                                &item.and_or.first.commands[0]
                            {
                                if let Some(a) = sc.assigns.first() {
                                    let a = a.clone();
                                    self.do_assign(&a).await?;
                                }
                            }
                        }
                    }
                } else if name.contains(&b'[') {
                    let key = &name[base.len() + 1..name.len().saturating_sub(1)];
                    self.assign_element(&base, key, v, append)?;
                } else {
                    self.assign_scalar(&base, v, append)?;
                }
            } else if add & ATTR_ARRAY != 0
                && self.vars.get(&base).is_some_and(|x| x.value.is_none())
            {
                self.account(
                    0,
                    crate::shell::access::value_charge(Some(&Value::Indexed(Default::default()))),
                )?;
                self.vars.set_var(
                    &base,
                    Var {
                        value: Some(Value::Indexed(Default::default())),
                        attrs: self.vars.get(&base).map(|x| x.attrs).unwrap_or(0),
                    },
                );
            } else if add & ATTR_ASSOC != 0
                && self.vars.get(&base).is_some_and(|x| x.value.is_none())
            {
                self.account(
                    0,
                    crate::shell::access::value_charge(Some(&Value::Assoc(Default::default()))),
                )?;
                self.vars.set_var(
                    &base,
                    Var {
                        value: Some(Value::Assoc(Default::default())),
                        attrs: self.vars.get(&base).map(|x| x.attrs).unwrap_or(0),
                    },
                );
            }
            if add & ATTR_READONLY != 0 {
                if let Some(v) = self.vars.get_mut(&base) {
                    v.attrs |= ATTR_READONLY;
                }
            }
        }
        Ok(status)
    }

    pub(super) async fn builtin_unset(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut funcs = false;
        let mut status = 0;
        for a in args {
            match &a[..] {
                b"-f" => funcs = true,
                b"-v" => funcs = false,
                b"-n" => {}
                _ => {
                    if funcs {
                        self.funcs.remove(a);
                        continue;
                    }
                    if let Some(open) = a.iter().position(|&b| b == b'[') {
                        let name = a[..open].to_vec();
                        let key = self
                            .eval_subscript_text(&a[open + 1..a.len().saturating_sub(1)])
                            .await?;
                        let is_assoc = self.vars.get(&name).is_some_and(|v| v.is_assoc());
                        let idx = if is_assoc {
                            None
                        } else {
                            Some(self.arith(&key)?)
                        };
                        let mut bad_index: Option<Vec<u8>> = None;
                        let before = self.vars_charge([&name[..]]);
                        if let Some(var) = self.vars.get_mut(&name) {
                            match (&mut var.value, idx) {
                                (Some(Value::Assoc(m)), _) => {
                                    m.remove(&key);
                                }
                                (Some(Value::Indexed(m)), Some(i)) => {
                                    let i = if i < 0 {
                                        m.keys().next_back().map(|k| k + 1 + i).unwrap_or(i)
                                    } else {
                                        i
                                    };
                                    if i < 0 {
                                        bad_index = Some(key.clone());
                                    } else {
                                        m.remove(&i);
                                    }
                                }
                                (Some(Value::Str(_)), Some(0)) => var.value = None,
                                _ => {}
                            }
                        }
                        // The element's memory goes with it.
                        let after = self.vars_charge([&name[..]]);
                        self.account(before, after)?;
                        if let Some(k) = bad_index {
                            self.error_msg(
                                &[b"unset: [", &k[..], b"]: bad array subscript"].concat(),
                            );
                            status = 1;
                        }
                        continue;
                    }
                    if !is_valid_name(a) {
                        self.error_msg(
                            format!(
                                "unset: `{}': not a valid identifier",
                                String::from_utf8_lossy(a)
                            )
                            .as_bytes(),
                        );
                        status = 1;
                        continue;
                    }
                    if self.vars.get(a).is_some() {
                        if !self.unset_var(a) {
                            status = 1;
                        }
                    } else {
                        self.funcs.remove(a);
                    }
                }
            }
        }
        Ok(status)
    }

    pub(super) async fn builtin_set(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        if args.is_empty() {
            let entries: Vec<(Vec<u8>, Var)> = self
                .vars
                .map
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            for (k, v) in entries {
                let line = match &v.value {
                    Some(Value::Str(s)) => [&k[..], b"=", &set_quote(s)[..]].concat(),
                    Some(_) => {
                        // Arrays print like `declare -p` without the `declare -a ` prefix.
                        let full = declare_line(&k, &v, false);
                        let at = full
                            .iter()
                            .position(|&b| b == b' ')
                            .map(|i| i + 1)
                            .unwrap_or(0);
                        let rest = &full[at..];
                        let at2 = rest
                            .iter()
                            .position(|&b| b == b' ')
                            .map(|i| i + 1)
                            .unwrap_or(0);
                        rest[at2..].to_vec()
                    }
                    None => continue,
                };
                self.out_line(&line).await?;
            }
            return Ok(0);
        }
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == b"--" {
                self.positional = args[i + 1..].to_vec();
                return Ok(0);
            }
            if a == b"-" {
                self.opts.xtrace = false;
                self.opts.verbose = false;
                self.positional = args[i + 1..].to_vec();
                return Ok(0);
            }
            if (a[0] == b'-' || a[0] == b'+') && a.len() > 1 {
                let on = a[0] == b'-';
                // Each `o` in the word takes the next unused argument as an option name, so
                // `set -euo pipefail` and `set -oe pipefail` both set pipefail.
                let mut names_used = 0;
                for &c in &a[1..] {
                    if c == b'o' {
                        match args.get(i + 1 + names_used) {
                            Some(name) => {
                                names_used += 1;
                                let n = String::from_utf8_lossy(name).into_owned();
                                if !Options::is_set_option(&n) || !self.opts.set(&n, on) {
                                    self.error_msg(
                                        format!("set: {n}: invalid option name").as_bytes(),
                                    );
                                    return Ok(2);
                                }
                            }
                            None => self.print_set_options(on).await?,
                        }
                        continue;
                    }
                    match Options::name_of_letter(c as char) {
                        Some(n) => {
                            self.opts.set(n, on);
                        }
                        None => {
                            self.error_msg(
                                format!("set: {}{}: invalid option", a[0] as char, c as char)
                                    .as_bytes(),
                            );
                            return Ok(2);
                        }
                    }
                }
                i += 1 + names_used;
                continue;
            }
            self.positional = args[i..].to_vec();
            return Ok(0);
        }
        Ok(0)
    }

    /// `set -o` (a table) or `set +o` (commands that restore the options) with no name.
    async fn print_set_options(&mut self, on: bool) -> Res<()> {
        for n in Options::set_option_names() {
            let v = self.opts.get(n).unwrap_or(false);
            let line = if on {
                format!("{n:<15}\t{}", if v { "on" } else { "off" })
            } else {
                format!("set {}o {n}", if v { '-' } else { '+' })
            };
            self.out_line(line.as_bytes()).await?;
        }
        Ok(())
    }

    pub(super) async fn builtin_shopt(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut set = None;
        let mut quiet = false;
        let mut use_o = false;
        let mut print = false;
        let mut names = Vec::new();
        for a in args {
            if a.len() > 1
                && a[0] == b'-'
                && names.is_empty()
                && a[1..].iter().all(|c| b"supqo".contains(c))
            {
                for &c in &a[1..] {
                    match c {
                        b's' => set = Some(true),
                        b'u' => set = Some(false),
                        b'q' => quiet = true,
                        b'o' => use_o = true,
                        _ => print = true,
                    }
                }
                continue;
            }
            if a.first() == Some(&b'-') && names.is_empty() && a.len() > 1 {
                self.error_msg(
                    format!("shopt: {}: invalid option", String::from_utf8_lossy(a)).as_bytes(),
                );
                return Ok(2);
            }
            names.push(String::from_utf8_lossy(a).into_owned());
        }
        let known = |n: &str| {
            if use_o {
                Options::is_set_option(n)
            } else {
                Options::is_shopt_option(n)
            }
        };
        let line = |n: &str, v: bool| -> String {
            if print || set.is_some() {
                if use_o {
                    format!("set {}o {n}", if v { '-' } else { '+' })
                } else {
                    format!("shopt {} {n}", if v { "-s" } else { "-u" })
                }
            } else {
                format!("{n:<15}\t{}", if v { "on" } else { "off" })
            }
        };
        if names.is_empty() {
            let list = if use_o {
                Options::set_option_names()
            } else {
                Options::shopt_option_names()
            };
            for n in list {
                let v = self.opts.get(n).unwrap_or(false);
                if set.is_none_or(|s| s == v) {
                    self.out_line(line(n, v).as_bytes()).await?;
                }
            }
            return Ok(0);
        }
        let mut status = 0;
        for n in names {
            if !known(&n) {
                self.error_msg(format!("shopt: {n}: invalid shell option name").as_bytes());
                status = 1;
                continue;
            }
            match set {
                Some(on) => {
                    self.opts.set(&n, on);
                }
                None => {
                    let v = self.opts.get(&n).unwrap_or(false);
                    if !quiet {
                        self.out_line(line(&n, v).as_bytes()).await?;
                    }
                    if !v {
                        status = 1;
                    }
                }
            }
        }
        Ok(status)
    }

    pub(super) fn builtin_let(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        if args.is_empty() {
            self.error_msg(b"let: expression expected");
            return Ok(1);
        }
        let mut last = 0;
        for a in args {
            match self.arith_status(a, "let: ")? {
                Ok(v) => last = v,
                Err(()) => return Ok(1),
            }
        }
        Ok(i32::from(last == 0))
    }
}

/// `declare -p`-style line.
fn declare_line(name: &[u8], v: &Var, export_form: bool) -> Vec<u8> {
    let mut flags = String::new();
    if v.is_assoc() {
        flags.push('A');
    } else if v.is_array() {
        flags.push('a');
    }
    for (bit, c) in [
        (ATTR_INTEGER, 'i'),
        (ATTR_LOWER, 'l'),
        (ATTR_NAMEREF, 'n'),
        (ATTR_READONLY, 'r'),
        (ATTR_UPPER, 'u'),
        (ATTR_EXPORT, 'x'),
    ] {
        if v.attrs & bit != 0 {
            flags.push(c);
        }
    }
    if flags.is_empty() {
        flags.push('-');
    }
    let _ = export_form;
    let mut out = format!("declare -{flags} ").into_bytes();
    out.extend_from_slice(name);
    match &v.value {
        None => {}
        Some(Value::Str(s)) => {
            out.push(b'=');
            out.extend_from_slice(&dq(s));
        }
        Some(Value::Indexed(m)) => {
            out.extend_from_slice(b"=(");
            let parts: Vec<Vec<u8>> = m
                .iter()
                .map(|(k, val)| [format!("[{k}]=").as_bytes(), &dq(val)[..]].concat())
                .collect();
            out.extend_from_slice(&parts.join(&b' '));
            out.push(b')');
        }
        Some(Value::Assoc(m)) => {
            out.extend_from_slice(b"=(");
            for (k, val) in assoc_order(m) {
                out.push(b'[');
                out.extend_from_slice(&assoc_key_quote(k));
                out.extend_from_slice(b"]=");
                out.extend_from_slice(&dq(val));
                out.push(b' ');
            }
            out.push(b')');
        }
    }
    out
}

/// `$'...'` quoting, as bash uses for values with control characters.
pub(crate) fn ansi_c_quote(s: &[u8]) -> Vec<u8> {
    let mut out = b"$'".to_vec();
    for &c in s {
        match c {
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\r' => out.extend_from_slice(b"\\r"),
            7 => out.extend_from_slice(b"\\a"),
            8 => out.extend_from_slice(b"\\b"),
            11 => out.extend_from_slice(b"\\v"),
            12 => out.extend_from_slice(b"\\f"),
            27 => out.extend_from_slice(b"\\E"),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\'' => out.extend_from_slice(b"\\'"),
            c if c < 0x20 || c == 0x7f => out.extend_from_slice(format!("\\{c:03o}").as_bytes()),
            c => out.push(c),
        }
    }
    out.push(b'\'');
    out
}

fn has_control(s: &[u8]) -> bool {
    s.iter().any(|&c| c < 0x20 || c == 0x7f)
}

/// How `set` shows a scalar value: bare when safe, `'...'` when it has shell
/// metacharacters, `$'...'` when it has control characters.
pub(crate) fn set_quote(s: &[u8]) -> Vec<u8> {
    if has_control(s) {
        return ansi_c_quote(s);
    }
    let special = |b: u8| b" \t'\"\\|&;()<>!{}*[?]^$`#~=%".contains(&b);
    if !s.is_empty() && !s.iter().any(|&b| special(b)) {
        return s.to_vec();
    }
    if s.is_empty() {
        return Vec::new();
    }
    let mut out = vec![b'\''];
    for &b in s {
        if b == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(b);
        }
    }
    out.push(b'\'');
    out
}

/// How bash shows an associative array's key (`declare -p`, `${m[@]@K}`): bare unless it
/// holds a shell metacharacter, then double-quoted.
pub(crate) fn assoc_key_quote(k: &[u8]) -> Vec<u8> {
    let meta = |b: u8| b" \t\n'\"\\|&;()<>!{}*[?]^$`".contains(&b);
    let leading = matches!(k.first(), Some(b'~' | b'#'));
    if k.iter().any(|&b| meta(b)) || leading {
        dq(k)
    } else {
        k.to_vec()
    }
}

/// Double-quoted as `declare -p` shows values (`$'...'` when there are control characters).
pub(crate) fn dq(s: &[u8]) -> Vec<u8> {
    if has_control(s) {
        return ansi_c_quote(s);
    }
    let mut out = vec![b'"'];
    for &c in s {
        if matches!(c, b'"' | b'\\' | b'$' | b'`') {
            out.push(b'\\');
        }
        out.push(c);
    }
    out.push(b'"');
    out
}
