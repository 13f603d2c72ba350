//! `select NAME [in WORDS]; do LIST; done`: a numbered menu on stderr, a `PS3` prompt, one
//! line of standard input per round (into `REPLY`, as plain `read` would), `NAME` set to the
//! chosen word or to empty for anything that is not a listed number. An empty line shows the
//! menu again; end of input prints a newline on stdout and ends the loop with status 1.

use crate::limits::cost;
use crate::shell::ast::{List, Word};
use crate::shell::state::{Flow, Res, Shell};

/// Width used for the menu when `COLUMNS` is unset or not a positive number.
const DEFAULT_COLUMNS: usize = 80;

impl Shell {
    pub(super) async fn exec_select(
        &mut self,
        var: &[u8],
        words: Option<&[Word]>,
        body: &List,
        line: u32,
    ) -> Res<i32> {
        self.line = line;
        if !crate::shell::parser::is_valid_name(var) {
            self.error_msg(
                format!("`{}': not a valid identifier", String::from_utf8_lossy(var)).as_bytes(),
            );
            return Err(Flow::Abort(1));
        }
        let items = match words {
            Some(ws) => self.expand_words(ws).await?,
            None => self.positional.clone(),
        };
        if self.opts.xtrace {
            // Shown once, as written, even when the list is empty.
            let list = match words {
                Some(ws) => crate::shell::print::words_text(ws),
                None => b"\"$@\"".to_vec(),
            };
            self.xtrace_line(&[&b"select "[..], var, b" in ", &list].concat())
                .await?;
        }
        if items.is_empty() {
            return Ok(0);
        }
        let mut status = 0;
        let mut show_menu = true;
        self.loop_depth += 1;
        let r: Res<i32> = async {
            loop {
                self.sys.charge(cost::EXEC_NODE)?;
                let Some(choice) = self.select_query(&items, show_menu).await? else {
                    return Ok(1);
                };
                show_menu = false;
                self.line = line;
                self.set_scalar(var, choice)?;
                match self.exec_list(body).await {
                    Ok(s) => status = s,
                    Err(Flow::Break(n)) => return self.loop_break(n),
                    Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                    Err(Flow::Continue(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        .await;
        self.loop_depth -= 1;
        let s = r?;
        self.status = s;
        Ok(s)
    }

    /// One round of prompting: the chosen word (empty when the reply is not a listed
    /// number), or `None` at end of input.
    async fn select_query(
        &mut self,
        items: &[Vec<u8>],
        mut show_menu: bool,
    ) -> Res<Option<Vec<u8>>> {
        loop {
            self.sys.charge(cost::EXEC_NODE)?;
            if show_menu {
                let columns = self
                    .get_scalar(b"COLUMNS")
                    .and_then(|c| String::from_utf8_lossy(&c).trim().parse::<usize>().ok())
                    .filter(|&c| c > 0)
                    .unwrap_or(DEFAULT_COLUMNS);
                self.write_err_now(&menu_text(items, columns));
            }
            let prompt = self.get_scalar(b"PS3").unwrap_or_else(|| b"#? ".to_vec());
            self.write_err_now(&prompt);
            if self.builtin_read(&[]).await? != 0 {
                self.out(b"\n").await?;
                return Ok(None);
            }
            let reply = self.get_scalar(b"REPLY").unwrap_or_default();
            if reply.is_empty() {
                show_menu = true;
                continue;
            }
            let chosen = std::str::from_utf8(&reply)
                .ok()
                .and_then(|s| s.trim().parse::<usize>().ok())
                .filter(|&k| (1..=items.len()).contains(&k))
                .map(|k| items[k - 1].clone());
            return Ok(Some(chosen.unwrap_or_default()));
        }
    }
}

/// The menu as bash lays it out: entries `N) WORD` down the rows of as many columns as fit
/// in `columns`, the columns aligned with tabs (8 wide) and spaces.
fn menu_text(items: &[Vec<u8>], columns: usize) -> Vec<u8> {
    let n = items.len();
    let width = |w: &[u8]| String::from_utf8_lossy(w).chars().count();
    let index_len = n.to_string().len();
    let max_word = items.iter().map(|w| width(w)).max().unwrap_or(0);
    // Index, ") ", the word and two spaces of separation.
    let cell = max_word + index_len + 4;
    let mut cols = (columns / cell).max(1);
    let mut rows = n.div_ceil(cols);
    cols = n.div_ceil(rows);
    if rows == 1 {
        rows = cols;
        cols = 1;
    }
    let mut out = Vec::new();
    for row in 0..rows {
        let mut ind = row;
        let mut pos = 0;
        loop {
            // bash pads the index to the widest only after the first column, or in a
            // single column.
            let number = if ind >= rows || cols == 1 {
                format!("{:>index_len$}) ", ind + 1)
            } else {
                format!("{}) ", ind + 1)
            };
            out.extend_from_slice(number.as_bytes());
            out.extend_from_slice(&items[ind]);
            let used = width(&items[ind]) + index_len + 2;
            ind += rows;
            if ind >= n {
                break;
            }
            // Move from the end of this entry to the next column with tabs, then spaces.
            let (mut from, to) = (pos + used, pos + cell);
            while from < to {
                if to / 8 > from / 8 {
                    out.push(b'\t');
                    from += 8 - from % 8;
                } else {
                    out.push(b' ');
                    from += 1;
                }
            }
            pos += cell;
        }
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::menu_text;

    fn menu(items: &[&str], columns: usize) -> String {
        let v: Vec<Vec<u8>> = items.iter().map(|s| s.as_bytes().to_vec()).collect();
        String::from_utf8(menu_text(&v, columns)).unwrap()
    }

    #[test]
    fn layouts_recorded_from_bash() {
        assert_eq!(menu(&["a", "b", "c"], 80), "1) a\n2) b\n3) c\n");
        let eleven: Vec<String> = (1..=11).map(|i| i.to_string()).collect();
        let eleven: Vec<&str> = eleven.iter().map(String::as_str).collect();
        assert_eq!(menu(&eleven[..2], 10), "1) 1\n2) 2\n");
        assert!(menu(&eleven, 10).starts_with(" 1) 1\n 2) 2\n"));
        assert!(menu(&eleven, 20).starts_with("1) 1\t 7) 7\n2) 2\t 8) 8\n"));
        assert!(menu(&eleven, 80).starts_with("1) 1\t 3) 3\t 5) 5\t 7) 7\t 9) 9\t11) 11\n"));
        let tail: Vec<String> = (95..=105).map(|i| i.to_string()).collect();
        let tail: Vec<&str> = tail.iter().map(String::as_str).collect();
        assert_eq!(
            menu(&tail, 30),
            "1) 95\t  5) 99\t   9) 103\n2) 96\t  6) 100  10) 104\n3) 97\t  7) 101  11) 105\n4) 98\t  8) 102\n"
        );
    }
}
