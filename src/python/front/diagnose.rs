//! The parser's errors, worded and placed as CPython's parser words them. Ruff's parser says
//! where it stopped and why; CPython's second pass ("invalid_" rules) turns the common
//! mistakes into specific messages — `if x = 5:`, `f() = 1`, `print "x"`, `[1 2]`, a missing
//! block — and reports a plain "invalid syntax" at the first bad token otherwise.

use super::error::SyntaxErr;
use crate::python::code::Source;
use ruff_python_ast::token::TokenKind;
use ruff_python_ast::Expr;
use ruff_python_parser::{LexicalErrorType, ParseErrorType};
use ruff_text_size::TextRange;

/// The error CPython's parser reports where Ruff's stopped with `e` at `at`.
pub fn parse_error(src: &Source, e: &ParseErrorType, at: TextRange) -> SyntaxErr {
    let (start, end) = (at.start().to_u32(), at.end().to_u32());
    let text = &src.text[..];
    let piece = text.get(start as usize..end as usize).unwrap_or("");
    let syntax = |msg: String, s: u32, e: u32| SyntaxErr::span(src, "SyntaxError", msg, s, e);
    // A plain "invalid syntax" marks one token: where the parser stopped.
    let invalid = || {
        syntax(
            "invalid syntax".into(),
            start,
            start + first_token_len(piece) as u32,
        )
    };
    let header = header_word(src, start);
    match e {
        ParseErrorType::ExpectedToken { expected, found } => match (expected, found) {
            (TokenKind::Colon, TokenKind::Equal)
                if matches!(header.as_str(), "if" | "elif" | "while") =>
            {
                assignment_in_condition(src, start).unwrap_or_else(invalid)
            }
            (TokenKind::Colon, TokenKind::Newline) => syntax("expected ':'".into(), start, end),
            (TokenKind::Colon, _)
                if matches!(header.as_str(), "def" | "else" | "try" | "finally") =>
            {
                syntax("expected ':'".into(), start, end)
            }
            (TokenKind::Lpar, _) if header == "def" => syntax("expected '('".into(), start, end),
            // `{1: 2, 3}`: CPython marks the key's last character.
            (TokenKind::Colon, TokenKind::Rbrace | TokenKind::Comma) if !is_header(&header) => {
                let key_end = text[..start as usize].trim_end().len() as u32;
                let mut err = syntax(
                    "':' expected after dictionary key".into(),
                    key_end.saturating_sub(1),
                    key_end,
                );
                err.end_offset = -1;
                err
            }
            (TokenKind::Else, TokenKind::Newline) => {
                let line_start = src.line_start(src.line_of(start)) as usize;
                match text[line_start..start as usize].rfind(" if ") {
                    Some(k) => syntax(
                        "expected 'else' after 'if' expression".into(),
                        atom_start(text, line_start + k) as u32,
                        text[..start as usize].trim_end().len() as u32,
                    ),
                    None => invalid(),
                }
            }
            // `a, b += 1`: the whole tuple is the target.
            (TokenKind::Comma, found) if is_augmented(*found) => {
                let stmt = src.line_start(src.line_of(start)) as usize;
                let stmt = stmt + (text[stmt..].len() - text[stmt..].trim_start().len());
                syntax(
                    "'tuple' is an illegal expression for augmented assignment".into(),
                    stmt as u32,
                    text[..start as usize].trim_end().len() as u32,
                )
            }
            (TokenKind::Comma, found) if starts_expression(*found) => {
                let first = atom_start(text, start as usize);
                let last = atom_end(text, start as usize);
                syntax(
                    "invalid syntax. Perhaps you forgot a comma?".into(),
                    first as u32,
                    last as u32,
                )
            }
            _ => invalid(),
        },
        ParseErrorType::UnexpectedIndentation => {
            let line = src.line_of(end);
            let width = text[src.line_start(line) as usize..end as usize]
                .chars()
                .count();
            let mut err = SyntaxErr::span(
                src,
                "IndentationError",
                "unexpected indent".into(),
                end,
                end,
            );
            err.offset = width as i64;
            err.end_offset = -1;
            err
        }
        ParseErrorType::InvalidAssignmentTarget => assignment_target(src, start, end, piece),
        ParseErrorType::InvalidAugmentedAssignmentTarget => syntax(
            format!(
                "'{}' is an illegal expression for augmented assignment",
                expr_name(piece)
            ),
            start,
            end,
        ),
        ParseErrorType::InvalidNamedAssignmentTarget => syntax(
            format!(
                "cannot use assignment expressions with {}",
                expr_name(piece)
            ),
            start,
            end,
        ),
        ParseErrorType::InvalidDeleteTarget => syntax(
            format!("cannot delete {}", first_invalid_target(piece)),
            start,
            end,
        ),
        ParseErrorType::PositionalAfterKeywordArgument => {
            // CPython marks the end of the argument list's last argument.
            let last = atom_end(text, start as usize) as u32;
            let mut err = syntax(
                "positional argument follows keyword argument".into(),
                last.saturating_sub(1),
                last,
            );
            err.offset = err.end_offset;
            err
        }
        ParseErrorType::PositionalAfterKeywordUnpacking => syntax(
            "positional argument follows keyword argument unpacking".into(),
            start,
            end,
        ),
        ParseErrorType::NonDefaultParamAfterDefaultParam => syntax(
            "parameter without a default follows parameter with a default".into(),
            start,
            end,
        ),
        ParseErrorType::SimpleStatementsOnSameLine => {
            legacy_print(src, start).unwrap_or_else(invalid)
        }
        ParseErrorType::ExpectedExpression
            if piece == "}" && text[..start as usize].trim_end().ends_with('{') =>
        {
            syntax(
                "f-string: valid expression required before '}'".into(),
                start,
                end,
            )
        }
        ParseErrorType::FStringError(
            ruff_python_parser::InterpolatedStringErrorType::InvalidConversionFlag,
        ) => {
            if piece.starts_with(['}', ':']) {
                syntax("f-string: missing conversion character".into(), start, end)
            } else {
                syntax(
                    format!(
                        "f-string: invalid conversion character '{piece}': expected 's', 'r', or 'a'"
                    ),
                    start,
                    end,
                )
            }
        }
        ParseErrorType::ExpectedExpression
            if piece.starts_with(')') && text[..start as usize].trim_end().ends_with('*') =>
        {
            syntax("Invalid star expression".into(), start, end)
        }
        ParseErrorType::ExpectedKeywordParam => {
            let star = text[..start as usize].rfind('*').unwrap_or(start as usize) as u32;
            syntax("named arguments must follow bare *".into(), star, star + 1)
        }
        ParseErrorType::ParamAfterVarKeywordParam => syntax(
            "arguments cannot follow var-keyword argument".into(),
            start,
            end,
        ),
        ParseErrorType::UnparenthesizedGeneratorExpression => syntax(
            "Generator expression must be parenthesized".into(),
            start,
            end,
        ),
        ParseErrorType::EmptyImportNames => syntax(
            "Expected one or more names after 'import'".into(),
            start,
            end,
        ),
        ParseErrorType::OtherError(m) => {
            other_error(src, m, start, end, piece).unwrap_or_else(invalid)
        }
        ParseErrorType::Lexical(LexicalErrorType::Eof) => {
            // CPython marks the end of the last line that holds anything.
            let last = text.trim_end_matches(['\n', '\r']).len() as u32;
            syntax("unexpected EOF while parsing".into(), last, last)
        }
        // `x = 1 if c else`: the conditional expression's third part is missing.
        ParseErrorType::ExpectedExpression
            if text[..start as usize].trim_end().ends_with(" else") && !piece.starts_with(':') =>
        {
            syntax(
                "expected expression after 'else', but statement is given".into(),
                start,
                start + first_token_len(piece) as u32,
            )
        }
        _ => invalid(),
    }
}

/// The messages Ruff words as free text.
fn other_error(src: &Source, m: &str, start: u32, end: u32, piece: &str) -> Option<SyntaxErr> {
    let text = &src.text[..];
    let syntax = |msg: String, s: u32, e: u32| SyntaxErr::span(src, "SyntaxError", msg, s, e);
    if m.starts_with("Expected an indented block after") {
        let line = src.line_of(start);
        let header_line = previous_code_line(src, line);
        let kind = header_kind(src.line_text(header_line).unwrap_or(""));
        return Some(SyntaxErr::span(
            src,
            "IndentationError",
            format!("expected an indented block after {kind} on line {header_line}"),
            start,
            end,
        ));
    }
    if m.starts_with("Multiple exception types must be parenthesized") {
        // CPython marks from the first type through the `as` name.
        let after = &text[end as usize..];
        let trimmed = after.trim_start_matches([' ', '\t']);
        let mut stop = end as usize;
        if let Some(rest) = trimmed.strip_prefix("as") {
            let name = rest.trim_start_matches([' ', '\t']);
            let len = name
                .bytes()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
                .count();
            stop = text.len() - name.len() + len;
        }
        return Some(syntax(
            "multiple exception types must be parenthesized when using 'as'".into(),
            start,
            stop as u32,
        ));
    }
    if m == "Trailing comma not allowed" {
        // CPython stops at the token after the comma.
        let next = skip_spaces(text, end as usize) as u32;
        return Some(syntax("invalid syntax".into(), next, next + 1));
    }
    if m.starts_with("Expected `except` or `finally`") {
        return Some(syntax(
            "expected 'except' or 'finally' block".into(),
            start,
            end,
        ));
    }
    if let Some(rest) = m.strip_prefix("Only single target (not ") {
        return Some(syntax(
            format!("only single target (not {rest}"),
            start,
            end,
        ));
    }
    if m == "Expected a statement" && piece == "elif" && previous_block_is_else(src, start) {
        return Some(syntax(
            "'elif' block follows an 'else' block".into(),
            start,
            end,
        ));
    }
    if m == "Expected a parameter name" {
        // `f(x + 1 = 2)`, `f(True=1)`: an expression where a keyword's name goes.
        if matches!(piece, "True" | "False" | "None") {
            let eq = text[end as usize..].find('=')? + end as usize + 1;
            return Some(syntax(
                format!("cannot assign to {piece}"),
                start,
                eq as u32,
            ));
        }
        let eq = text[end as usize..].find('=')? + end as usize + 1;
        return Some(syntax(
            "expression cannot contain assignment, perhaps you meant \"==\"?".into(),
            start,
            eq as u32,
        ));
    }
    None
}

/// `if x = 5:`: CPython suggests `==` or `:=` for a name, and names what else was assigned to.
fn assignment_in_condition(src: &Source, eq: u32) -> Option<SyntaxErr> {
    let text = &src.text[..];
    let line = src.line_of(eq);
    let ls = src.line_start(line) as usize;
    let head = &text[ls..eq as usize];
    let kw_end = ls + head.len() - head.trim_start().len();
    let after_kw = kw_end + header_word(src, eq).len();
    let target_start = skip_spaces(text, after_kw);
    let target = text[target_start..eq as usize].trim_end();
    let value_start = skip_spaces(text, eq as usize + 1);
    let value_end = value_start
        + text[value_start..]
            .find([':', '\n'])
            .unwrap_or(text.len() - value_start);
    let value = text[value_start..value_end].trim_end();
    let rest = &text[value_start + value.len()..];
    if rest.trim_start().starts_with('=') || rest.trim_start().starts_with(":=") {
        return None;
    }
    let target_expr = parse_expr(target)?;
    if !is_bitwise_or(&target_expr) || !parse_expr(value).is_some_and(|v| is_bitwise_or(&v)) {
        return None;
    }
    let syntax = |msg: String, s: usize, e: usize| {
        Some(SyntaxErr::span(src, "SyntaxError", msg, s as u32, e as u32))
    };
    match target_expr {
        Expr::Name(_) => syntax(
            "invalid syntax. Maybe you meant '==' or ':=' instead of '='?".into(),
            target_start,
            value_start + value.len(),
        ),
        Expr::List(_)
        | Expr::Tuple(_)
        | Expr::Generator(_)
        | Expr::BooleanLiteral(_)
        | Expr::NoneLiteral(_) => None,
        e => syntax(
            format!(
                "cannot assign to {} here. Maybe you meant '==' instead of '='?",
                name_of(&e)
            ),
            target_start,
            target_start + target.len(),
        ),
    }
}

/// `f() = 5`, `for f() in x`, `True = 1`: what CPython says about the target.
fn assignment_target(src: &Source, start: u32, end: u32, piece: &str) -> SyntaxErr {
    let text = &src.text[..];
    let syntax = |msg: String| SyntaxErr::span(src, "SyntaxError", msg, start, end);
    let before = text[src.line_start(src.line_of(start)) as usize..start as usize].trim_end();
    let after = text[end as usize..].trim_start_matches([' ', '\t']);
    let Some(expr) = parse_expr(piece) else {
        return syntax("invalid syntax".into());
    };
    if matches!(expr, Expr::Yield(_) | Expr::YieldFrom(_)) {
        return syntax("assignment to yield expression not possible".into());
    }
    let plain = format!("cannot assign to {}", first_invalid_target(piece));
    let keyword_before = before.ends_with(" for") || before == "for" || before.ends_with(" as");
    if keyword_before || !after.starts_with('=') || after.starts_with("==") {
        return syntax(plain);
    }
    // A single `=` whose value is a plain expression: CPython suggests `==`.
    let value_start = end as usize + (text.len() - end as usize - after.len()) + 1;
    let value_end = value_start
        + text[value_start..]
            .find('\n')
            .unwrap_or(text.len() - value_start);
    let value = text[value_start..value_end].trim();
    let chained = top_level_assign(value) || top_level_assign(before);
    let suggest = !chained
        && (is_bitwise_or(&expr)
            || parenthesized(piece)
            || (text[..start as usize].ends_with('(') && text[end as usize..].starts_with(')')))
        && !matches!(
            expr,
            Expr::List(_)
                | Expr::Tuple(_)
                | Expr::Generator(_)
                | Expr::BooleanLiteral(_)
                | Expr::NoneLiteral(_)
        )
        && parse_expr(value).is_some_and(|v| is_bitwise_or(&v));
    if suggest {
        syntax(format!(
            "cannot assign to {} here. Maybe you meant '==' instead of '='?",
            name_of(&expr)
        ))
    } else {
        syntax(plain)
    }
}

/// `print "x"` and `exec "code"`: Python 2 statements.
fn legacy_print(src: &Source, at: u32) -> Option<SyntaxErr> {
    let text = &src.text[..];
    let line = src.line_of(at);
    let ls = src.line_start(line) as usize;
    let code = src.line_text(line)?;
    let trimmed = code.trim_start();
    let name: String = trimmed
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if name != "print" && name != "exec" {
        return None;
    }
    let rest = trimmed[name.len()..].trim_start();
    if rest.starts_with('(') || rest.is_empty() || parse_expr(rest).is_none() {
        return None;
    }
    let start = ls + (code.len() - trimmed.len());
    let end = ls + code.trim_end().len();
    let _ = text;
    Some(SyntaxErr::span(
        src,
        "SyntaxError",
        format!("Missing parentheses in call to '{name}'. Did you mean {name}(...)?"),
        start as u32,
        end as u32,
    ))
}

/// Whether a `=` outside brackets and strings makes `value` a chained assignment.
fn top_level_assign(value: &str) -> bool {
    let b = value.as_bytes();
    let mut depth = 0i32;
    let mut quote = 0u8;
    for (k, &c) in b.iter().enumerate() {
        if quote != 0 {
            if c == quote {
                quote = 0;
            }
            continue;
        }
        match c {
            b'\'' | b'"' => quote = c,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth == 0 => {
                let prev = if k > 0 { b[k - 1] } else { 0 };
                let next = b.get(k + 1).copied().unwrap_or(0);
                if next != b'=' && !matches!(prev, b'=' | b'!' | b'<' | b'>' | b':') {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

fn parse_expr(text: &str) -> Option<Expr> {
    let wrapped = format!("({})", text.trim());
    ruff_python_parser::parse_expression(&wrapped)
        .ok()
        .map(|p| p.into_syntax().body.as_ref().clone())
}

/// CPython's name for an expression in its messages (`_PyPegen_get_expr_name`).
fn name_of(e: &Expr) -> &'static str {
    match e {
        Expr::Attribute(_) => "attribute",
        Expr::Subscript(_) => "subscript",
        Expr::Starred(_) => "starred",
        Expr::Name(_) => "name",
        Expr::List(_) => "list",
        Expr::Tuple(_) => "tuple",
        Expr::Lambda(_) => "lambda",
        Expr::Call(_) => "function call",
        Expr::BoolOp(_) | Expr::BinOp(_) | Expr::UnaryOp(_) => "expression",
        Expr::Generator(_) => "generator expression",
        Expr::Yield(_) | Expr::YieldFrom(_) => "yield expression",
        Expr::Await(_) => "await expression",
        Expr::ListComp(_) => "list comprehension",
        Expr::SetComp(_) => "set comprehension",
        Expr::DictComp(_) => "dict comprehension",
        Expr::Dict(_) => "dict literal",
        Expr::Set(_) => "set display",
        Expr::FString(_) => "f-string expression",
        Expr::TString(_) => "t-string expression",
        Expr::NoneLiteral(_) => "None",
        Expr::BooleanLiteral(b) => {
            if b.value {
                "True"
            } else {
                "False"
            }
        }
        Expr::EllipsisLiteral(_) => "ellipsis",
        Expr::Compare(_) => "comparison",
        Expr::If(_) => "conditional expression",
        Expr::Named(_) => "named expression",
        _ => "literal",
    }
}

fn expr_name(text: &str) -> &'static str {
    parse_expr(text).map_or("expression", |e| name_of(&e))
}

/// The name of the first part of a target that cannot be assigned to (`[a, f()]` → function
/// call), as CPython's `_PyPegen_get_invalid_target` finds it.
fn first_invalid_target(text: &str) -> &'static str {
    fn walk(e: &Expr) -> Option<&'static str> {
        match e {
            Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_) => None,
            Expr::Starred(s) => walk(&s.value),
            Expr::List(l) => l.elts.iter().find_map(walk),
            Expr::Tuple(t) => t.elts.iter().find_map(walk),
            other => Some(name_of(other)),
        }
    }
    parse_expr(text)
        .and_then(|e| walk(&e))
        .unwrap_or("expression")
}

fn is_header(word: &str) -> bool {
    matches!(
        word,
        "if" | "elif"
            | "else"
            | "while"
            | "for"
            | "def"
            | "class"
            | "try"
            | "except"
            | "finally"
            | "with"
            | "match"
            | "case"
            | "async"
            | "lambda"
    )
}

fn is_augmented(t: TokenKind) -> bool {
    matches!(
        t,
        TokenKind::PlusEqual
            | TokenKind::MinusEqual
            | TokenKind::StarEqual
            | TokenKind::SlashEqual
            | TokenKind::DoubleSlashEqual
            | TokenKind::PercentEqual
            | TokenKind::DoubleStarEqual
            | TokenKind::AmperEqual
            | TokenKind::VbarEqual
            | TokenKind::CircumflexEqual
            | TokenKind::LeftShiftEqual
            | TokenKind::RightShiftEqual
            | TokenKind::AtEqual
    )
}

/// Whether `text` is wrapped in one pair of parentheses (an atom, whatever is inside).
fn parenthesized(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('(') && t.ends_with(')') && atom_end(t, 0) == t.len()
}

/// Whether CPython's grammar reaches `e` as a `bitwise_or` (no comparison, `not`, `and`,
/// `or`, lambda, conditional or named expression at its top).
fn is_bitwise_or(e: &Expr) -> bool {
    !matches!(
        e,
        Expr::Compare(_) | Expr::BoolOp(_) | Expr::Lambda(_) | Expr::If(_) | Expr::Named(_)
    ) && !matches!(e, Expr::UnaryOp(u) if u.op == ruff_python_ast::UnaryOp::Not)
}

fn starts_expression(t: TokenKind) -> bool {
    matches!(
        t,
        TokenKind::Name
            | TokenKind::Int
            | TokenKind::Float
            | TokenKind::Complex
            | TokenKind::String
            | TokenKind::FStringStart
            | TokenKind::Lpar
            | TokenKind::Lsqb
            | TokenKind::Lbrace
            | TokenKind::True
            | TokenKind::False
            | TokenKind::None
    )
}

fn skip_spaces(text: &str, mut i: usize) -> usize {
    let b = text.as_bytes();
    while i < b.len() && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// The start of the atom (with its trailers) that ends before byte `at`.
fn atom_start(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    let mut i = at;
    while i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'\n' | b'\r') {
        i -= 1;
    }
    loop {
        if i == 0 {
            return 0;
        }
        let c = b[i - 1];
        if c == b'\'' || c == b'"' {
            let open = text[..i - 1].rfind(c as char).unwrap_or(0);
            i = open;
            while i > 0 && b[i - 1].is_ascii_alphabetic() {
                i -= 1;
            }
            // Adjacent string literals are one expression.
            let before = text[..i].trim_end_matches([' ', '\t']);
            if before.ends_with(['\'', '"']) {
                i = before.len();
                continue;
            }
            return i;
        } else if matches!(c, b')' | b']' | b'}') {
            let mut depth = 0;
            let mut k = i;
            while k > 0 {
                k -= 1;
                match b[k] {
                    b')' | b']' | b'}' => depth += 1,
                    b'(' | b'[' | b'{' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            i = k;
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c >= 0x80 {
            while i > 0
                && (b[i - 1].is_ascii_alphanumeric()
                    || b[i - 1] == b'_'
                    || b[i - 1] == b'.'
                    || b[i - 1] >= 0x80)
            {
                i -= 1;
            }
        } else {
            return i;
        }
        // A name before `(` or `[` is the callee or the subscripted value.
        let callee_before = i > 0
            && (b[i - 1].is_ascii_alphanumeric()
                || b[i - 1] == b'_'
                || matches!(b[i - 1], b')' | b']'));
        if callee_before && matches!(b[i], b'(' | b'[') {
            continue;
        }
        return i;
    }
}

/// The end of the atom (with its trailers) that starts at byte `at`.
fn atom_end(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    let mut i = at;
    loop {
        let Some(&c) = b.get(i) else { return i };
        if c == b'\'' || c == b'"' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if matches!(c, b'(' | b'[' | b'{') {
            let mut depth = 0;
            while i < b.len() {
                match b[i] {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        } else if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 {
            while i < b.len()
                && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.' || b[i] >= 0x80)
            {
                i += 1;
            }
        } else {
            return i;
        }
        if !matches!(b.get(i), Some(b'(' | b'[' | b'.')) {
            return i;
        }
    }
}

/// The first word of the statement holding byte `at` (`if`, `def`, ...).
fn header_word(src: &Source, at: u32) -> String {
    let line = src.line_of(at);
    src.line_text(line)
        .unwrap_or("")
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

fn previous_block_is_else(src: &Source, at: u32) -> bool {
    let line = src.line_of(at);
    let indent = |t: &str| t.len() - t.trim_start().len();
    let mine = indent(src.line_text(line).unwrap_or(""));
    (1..line).rev().any(|l| {
        let t = src.line_text(l).unwrap_or("");
        !t.trim().is_empty() && indent(t) == mine && t.trim_start().starts_with("else")
    }) && {
        // The nearest line at this indentation must be the `else` (or its block).
        let mut l = line - 1;
        loop {
            let t = src.line_text(l).unwrap_or("");
            if !t.trim().is_empty() && !t.trim_start().starts_with('#') && indent(t) <= mine {
                break t.trim_start().starts_with("else");
            }
            if l == 1 {
                break false;
            }
            l -= 1;
        }
    }
}

fn previous_code_line(src: &Source, line: usize) -> usize {
    let mut l = line.saturating_sub(1);
    while l > 1 {
        let t = src.line_text(l).unwrap_or("").trim();
        if !t.is_empty() && !t.starts_with('#') {
            break;
        }
        l -= 1;
    }
    l.max(1)
}

/// How CPython names the statement a missing block belonged to.
fn header_kind(line: &str) -> String {
    let t = line.trim_start();
    let t = t.strip_prefix("async ").unwrap_or(t);
    let word: String = t
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    match word.as_str() {
        "class" => "class definition".into(),
        "def" => "function definition".into(),
        "if" | "elif" | "else" | "for" | "while" | "try" | "except" | "finally" | "with"
        | "match" | "case" => format!("'{word}' statement"),
        _ => "statement".into(),
    }
}

/// The length of the token at the start of `piece` (Ruff's ranges may cover more).
fn first_token_len(piece: &str) -> usize {
    let b = piece.as_bytes();
    let Some(&c) = b.first() else { return 0 };
    let name = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
    if name(c) || (c == b'.' && b.get(1).is_some_and(|d| d.is_ascii_digit())) {
        let mut i = 1;
        while i < b.len() && (name(b[i]) || (c.is_ascii_digit() || c == b'.') && b[i] == b'.') {
            i += 1;
        }
        return i;
    }
    if c == b'\'' || c == b'"' || c == b'\n' {
        return piece.len().min(if c == b'\n' { 1 } else { piece.len() });
    }
    for op in ["**=", "//=", ">>=", "<<=", "..."] {
        if piece.starts_with(op) {
            return 3;
        }
    }
    for op in [
        "**", "//", "==", "!=", "<=", ">=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
        "@=", ":=", "<<", ">>",
    ] {
        if piece.starts_with(op) {
            return 2;
        }
    }
    piece.chars().next().map_or(1, char::len_utf8)
}
