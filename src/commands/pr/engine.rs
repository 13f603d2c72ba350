//! The page engine of `pr`. GNU pr's output is the product of one long state machine — where a
//! pending run of blanks becomes tabs, when a column separator is owed, which form feed starts
//! an empty page and which one is swallowed after a full page — and its quirks show in the
//! bytes. So this follows GNU coreutils 9.1's `pr.c` routine by routine (the names in the
//! comments are GNU's), with its C `int` arithmetic widened to `i64` where nothing can tell.

use super::buffers::{Input, Sink, Store};
use crate::clock::calendar;
use crate::commands::opts::quotef;
use crate::limits::cost;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

/// Header and trailer lines on a page with headers.
const HEADER_LINES: i64 = 5;
const FOOTER_LINES: i64 = 5;

/// Why printing stopped early.
pub(super) enum Stop {
    Interrupt(Interrupt),
    /// GNU's `die`: the message, then exit status 1.
    Die(Vec<u8>),
}

impl From<Interrupt> for Stop {
    fn from(i: Interrupt) -> Self {
        Stop::Interrupt(i)
    }
}

pub(super) type Res<T> = Result<T, Stop>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Open,
    /// A form feed was met while storing columns; becomes `OnHold` once the page starts.
    FfFound,
    /// A form feed was met: nothing more from this input until the next page.
    OnHold,
    Closed,
}

/// One output column (GNU's `struct COLUMN`).
struct Column {
    /// Index into [`Pr::inputs`].
    input: usize,
    name: Vec<u8>,
    status: Status,
    /// Whether the column is stored first and printed from the store (a page printed down),
    /// rather than read and printed straight away.
    stored: bool,
    current_line: usize,
    lines_stored: i64,
    lines_to_print: i64,
    start_position: i64,
    numbered: bool,
    /// A full page was printed without meeting a form feed, so a form feed right at the start
    /// of the next read is swallowed (it would only make an empty page).
    full_page_printed: bool,
}

/// What one input byte prints as (GNU's clump).
enum Clump {
    Spaces(usize),
    Bytes([u8; 4], usize),
}

fn tab_width(width: i64, pos: i64) -> i64 {
    // C's `%` truncates toward zero, like Rust's.
    width - pos % width
}

/// How many output tabs of width `w`, then spaces, take the position from `h` to `goal`: a
/// tab is used while it lands at or before `goal` and more than one column is left.
pub(super) fn blanks_to(h: i64, goal: i64, w: i64) -> (usize, usize) {
    if goal - h <= 1 {
        return (0, (goal - h).max(0) as usize);
    }
    let first = h + tab_width(w, h);
    if first > goal {
        return (0, (goal - h) as usize);
    }
    // Past the first tab the position is on a tab stop, and every whole tab that fits is
    // used (a width of 1 leaves the last column to a space).
    let more = if w == 1 {
        goal - first - 1
    } else {
        (goal - first) / w
    }
    .max(0);
    let at = first + more * w;
    ((1 + more) as usize, (goal - at) as usize)
}

/// An upper bound on the length of a date formatted with `fmt`: every conversion's width, or
/// its longest text.
fn date_text_bound(fmt: &[u8]) -> u64 {
    let mut total = fmt.len() as u64;
    let mut i = 0;
    while i < fmt.len() {
        i += 1;
        if fmt[i - 1] != b'%' {
            continue;
        }
        while i < fmt.len() && b"-_0^#".contains(&fmt[i]) {
            i += 1;
        }
        let mut width = 0u64;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            width = width
                .saturating_mul(10)
                .saturating_add(u64::from(fmt[i] - b'0'));
            i += 1;
        }
        // `%c` is the longest conversion without a width.
        total = total.saturating_add(width.max(64));
    }
    total
}

fn isprint(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

/// The settings and the running state (GNU's globals).
pub(super) struct Pr<'a> {
    ctx: &'a CommandCtx,
    out: Sink,
    store: Store,
    /// Index 0 is standard input, kept for the whole run; files follow it.
    inputs: Vec<Input>,
    cols: Vec<Column>,

    pub parallel_files: bool,
    pub extremities: bool,
    pub keep_ff: bool,
    print_a_ff: bool,
    print_a_header: bool,
    pub use_form_feed: bool,
    pub storing_columns: bool,
    pub balance_columns: bool,
    pub lines_per_page: i64,
    lines_per_body: i64,
    pub chars_per_line: i64,
    pub truncate_lines: bool,
    pub join_lines: bool,
    chars_per_column: i64,
    pub untabify_input: bool,
    pub input_tab_char: u8,
    pub chars_per_input_tab: i64,
    pub tabify_output: bool,
    pub output_tab_char: u8,
    pub chars_per_output_tab: i64,
    spaces_not_printed: i64,
    pub chars_per_margin: i64,
    output_position: i64,
    input_position: i64,
    pub failed_opens: bool,
    pub columns: i64,
    pub first_page_number: u64,
    pub last_page_number: u64,
    files_ready_to_read: i64,
    page_number: u64,
    line_number: i32,
    pub numbered_lines: bool,
    pub number_separator: u8,
    line_count: i32,
    pub skip_count: bool,
    pub start_line_num: i32,
    pub chars_per_number: i64,
    number_width: i64,
    pub use_esc_sequence: bool,
    pub use_cntrl_prefix: bool,
    pub double_space: bool,
    total_files: i64,
    pub ignore_failed_opens: bool,
    pub use_col_separator: bool,
    pub col_sep: Vec<u8>,
    separators_not_printed: i64,
    padding_not_printed: i64,
    pad_vertically: bool,
    pub custom_header: Option<Vec<u8>>,
    pub date_format: Vec<u8>,
    date_text: Vec<u8>,
    file_text: Vec<u8>,
    header_width_available: i64,
    last_line: bool,
    align_empty_cols: bool,
    empty_line: bool,
    ff_only: bool,
    /// The time standard input's and merged pages' headers show, read once.
    now: Option<(i64, u32)>,
    /// Header widths follow UTF-8 (else every byte but a control counts one column).
    pub utf8: bool,
}

impl<'a> Pr<'a> {
    pub fn new(ctx: &'a CommandCtx) -> Pr<'a> {
        Pr {
            ctx,
            out: Sink::default(),
            store: Store::default(),
            inputs: vec![Input::new(ctx.fd(0), true)],
            cols: Vec::new(),
            parallel_files: false,
            extremities: true,
            keep_ff: false,
            print_a_ff: false,
            print_a_header: false,
            use_form_feed: false,
            storing_columns: true,
            balance_columns: false,
            lines_per_page: 66,
            lines_per_body: 0,
            chars_per_line: 72,
            truncate_lines: false,
            join_lines: false,
            chars_per_column: 0,
            untabify_input: false,
            input_tab_char: b'\t',
            chars_per_input_tab: 8,
            tabify_output: false,
            output_tab_char: b'\t',
            chars_per_output_tab: 8,
            spaces_not_printed: 0,
            chars_per_margin: 0,
            output_position: 0,
            input_position: 0,
            failed_opens: false,
            columns: 1,
            first_page_number: 0,
            last_page_number: u64::MAX,
            files_ready_to_read: 0,
            page_number: 0,
            line_number: 0,
            numbered_lines: false,
            number_separator: b'\t',
            line_count: 1,
            skip_count: true,
            start_line_num: 1,
            chars_per_number: 5,
            number_width: 0,
            use_esc_sequence: false,
            use_cntrl_prefix: false,
            double_space: false,
            total_files: 0,
            ignore_failed_opens: false,
            use_col_separator: false,
            col_sep: Vec::new(),
            separators_not_printed: 0,
            padding_not_printed: 0,
            pad_vertically: false,
            custom_header: None,
            date_format: Vec::new(),
            date_text: Vec::new(),
            file_text: Vec::new(),
            header_width_available: 0,
            last_line: false,
            align_empty_cols: false,
            empty_line: false,
            ff_only: false,
            now: None,
            utf8: false,
        }
    }

    /// Writes out what is buffered and frees the store.
    pub async fn finish(&mut self) -> Result<(), Interrupt> {
        self.store.free();
        self.out.flush(self.ctx).await
    }

    fn cols_ready_to_print(&self) -> usize {
        self.cols
            .iter()
            .filter(|q| {
                q.status == Status::Open
                    || q.status == Status::FfFound
                    || (self.storing_columns && q.lines_stored > 0 && q.lines_to_print > 0)
            })
            .count()
    }

    /// GNU's `print_files`: one file, or all files merged.
    pub async fn print_files(&mut self, names: &[Vec<u8>]) -> Res<()> {
        let r = self.print_files_inner(names).await;
        // Files are closed; standard input stays for a later `-`.
        self.inputs.truncate(1);
        self.cols.clear();
        self.store.free();
        r
    }

    async fn print_files_inner(&mut self, names: &[Vec<u8>]) -> Res<()> {
        self.init_parameters(names.len())?;
        let cols_bytes = self.columns as u64 * std::mem::size_of::<Column>() as u64;
        let _cols = self.ctx.reservation(cols_bytes)?;
        self.print_columns(names).await
    }

    async fn print_columns(&mut self, names: &[Vec<u8>]) -> Res<()> {
        if !self.init_fps(names).await? {
            return Ok(());
        }
        if self.storing_columns {
            self.init_store_cols()?;
        }
        if self.first_page_number > 1 {
            if !self.skip_to_page(self.first_page_number).await? {
                return Ok(());
            }
            self.page_number = self.first_page_number;
        } else {
            self.page_number = 1;
        }
        self.init_funcs();
        self.line_number = self.line_count;
        while self.print_page().await? {}
        Ok(())
    }

    /// GNU's `init_parameters`: page geometry from the options and the number of files.
    fn init_parameters(&mut self, number_of_files: usize) -> Res<()> {
        self.lines_per_body = self.lines_per_page - HEADER_LINES - FOOTER_LINES;
        if self.lines_per_body <= 0 {
            self.extremities = false;
            self.keep_ff = true;
        }
        if !self.extremities {
            self.lines_per_body = self.lines_per_page;
        }
        if self.double_space {
            self.lines_per_body /= 2;
        }
        if number_of_files == 0 {
            self.parallel_files = false;
        }
        if self.parallel_files {
            self.columns = number_of_files as i64;
        }
        if self.storing_columns {
            self.balance_columns = true;
        }
        if self.columns > 1 {
            if !self.use_col_separator {
                self.col_sep = if self.join_lines { b"\t" } else { b" " }.to_vec();
                self.use_col_separator = true;
            } else if !self.join_lines && self.col_sep == b"\t" {
                // A tab separator makes no sense with aligned columns.
                self.col_sep = b" ".to_vec();
            }
            self.truncate_lines = true;
            if self.col_sep != b"\t" {
                self.untabify_input = true;
            }
            self.tabify_output = true;
        } else {
            self.storing_columns = false;
        }
        if self.join_lines {
            self.truncate_lines = false;
        }
        let mut chars_used_by_number = 0;
        if self.numbered_lines {
            self.line_count = self.start_line_num;
            self.number_width = if self.number_separator == b'\t' {
                self.chars_per_number + tab_width(8, self.chars_per_number)
            } else {
                self.chars_per_number + 1
            };
            if self.parallel_files {
                chars_used_by_number = self.number_width;
            }
        }
        let sep_chars = (self.columns - 1) * self.col_sep.len() as i64;
        let useful = self.chars_per_line - chars_used_by_number - sep_chars;
        self.chars_per_column = useful / self.columns;
        if self.chars_per_column < 1 {
            return Err(Stop::Die(b"page width too narrow".to_vec()));
        }
        Ok(())
    }

    /// GNU's `open_file`: a new column reading `name`, or `None` (reported unless `-r`).
    async fn open_file(&mut self, name: &[u8]) -> Res<Option<Column>> {
        let (input, shown) = if name == b"-" {
            (0, b"standard input".to_vec())
        } else {
            self.ctx.charge(cost::PATH_COMPONENT)?;
            match self.ctx.open_input(name) {
                Ok(f) => {
                    self.inputs.push(Input::new(Some(f), false));
                    (self.inputs.len() - 1, name.to_vec())
                }
                Err(e) => {
                    let e = crate::commands::opts::interrupted(e)?;
                    self.failed_opens = true;
                    if !self.ignore_failed_opens {
                        self.ctx
                            .diag_path(quotef(self.ctx, name).as_bytes(), e)
                            .await?;
                    }
                    return Ok(None);
                }
            }
        };
        self.total_files += 1;
        Ok(Some(Column {
            input,
            name: shown,
            status: Status::Open,
            stored: false,
            current_line: 0,
            lines_stored: 0,
            lines_to_print: 0,
            start_position: 0,
            numbered: false,
            full_page_printed: false,
        }))
    }

    /// GNU's `init_fps`: the columns and their inputs; false when nothing could be opened.
    async fn init_fps(&mut self, names: &[Vec<u8>]) -> Res<bool> {
        self.total_files = 0;
        self.cols.clear();
        if self.parallel_files {
            for name in names {
                match self.open_file(name).await? {
                    Some(c) => self.cols.push(c),
                    None => self.columns -= 1,
                }
            }
            if self.columns == 0 {
                return Ok(false);
            }
            self.init_header(b"", false)?;
        } else {
            let first = match names.first() {
                Some(name) => {
                    let Some(c) = self.open_file(name).await? else {
                        return Ok(false);
                    };
                    self.init_header(name, true)?;
                    c
                }
                None => {
                    self.total_files += 1;
                    self.init_header(b"", false)?;
                    Column {
                        name: b"standard input".to_vec(),
                        ..Column::blank()
                    }
                }
            };
            // Every column of one file reads the same input.
            let rest: Vec<Column> = (1..self.columns)
                .map(|_| Column {
                    input: first.input,
                    name: first.name.clone(),
                    ..Column::blank()
                })
                .collect();
            self.cols.push(first);
            self.cols.extend(rest);
        }
        self.files_ready_to_read = self.total_files;
        Ok(true)
    }

    /// GNU's `init_funcs`: how each column is printed and where it starts.
    fn init_funcs(&mut self) {
        let mut h = self.chars_per_margin;
        let mut h_next = if !self.truncate_lines {
            0
        } else if self.parallel_files && self.numbered_lines {
            // Merged files widen the first column to hold the number.
            h + self.chars_per_column + self.number_width
        } else {
            h + self.chars_per_column
        };
        h += self.col_sep.len() as i64;
        let n = self.cols.len();
        for (i, p) in self.cols.iter_mut().enumerate() {
            let last = i + 1 == n;
            p.stored = self.storing_columns && (!last || self.balance_columns);
            p.numbered = self.numbered_lines && (!self.parallel_files || i == 0);
            p.start_position = h;
            if !last {
                if !self.truncate_lines {
                    h = 0;
                    h_next = 0;
                } else {
                    h = h_next + self.col_sep.len() as i64;
                    h_next = h + self.chars_per_column;
                }
            }
        }
    }

    /// GNU's `init_header`: the date and name shown on this file's pages. `has_file` is
    /// false for standard input and merged files, which show the current time.
    fn init_header(&mut self, filename: &[u8], has_file: bool) -> Res<()> {
        let has_file = has_file && filename != b"-";
        let stat = if has_file {
            self.ctx.stat(&self.ctx.resolve(filename)).ok()
        } else {
            None
        };
        let (secs, nanos) = match stat {
            Some(st) => (
                (st.mtime_ns / 1_000_000_000) as i64,
                (st.mtime_ns % 1_000_000_000) as u32,
            ),
            None => *self.now.get_or_insert_with(|| {
                let wall = self.ctx.sys.clock.borrow().wall_ns();
                ((wall / 1_000_000_000) as i64, (wall % 1_000_000_000) as u32)
            }),
        };
        // A conversion can be padded to any width: reserve for the widest text first.
        let bound = date_text_bound(&self.date_format);
        let widest = self.ctx.reservation(bound)?;
        self.date_text = calendar::strftime(&self.date_format, &calendar::tm(secs, nanos));
        drop(widest);
        self.file_text = match &self.custom_header {
            Some(h) => h.clone(),
            None if has_file => filename.to_vec(),
            None => Vec::new(),
        };
        let w = self.width(&self.date_text)? + self.width(&self.file_text)?;
        self.header_width_available = self.chars_per_line - w;
        Ok(())
    }

    /// GNU's `mbswidth` of header text. In the C locale every byte but a control counts one.
    /// In a UTF-8 locale ASCII and U+00A0..U+02FF (all one column wide) are modeled; other
    /// characters need the C library's width tables and are refused.
    fn width(&self, s: &[u8]) -> Res<i64> {
        if !self.utf8 || s.is_ascii() {
            return Ok(s.iter().filter(|&&b| !(b < 0x20 || b == 0x7f)).count() as i64);
        }
        let text = std::str::from_utf8(s).ok();
        let chars = text.map(|t| t.chars().collect::<Vec<_>>());
        match chars {
            Some(cs)
                if cs
                    .iter()
                    .all(|&c| c.is_ascii() || ('\u{a0}'..='\u{2ff}').contains(&c)) =>
            {
                Ok(cs.iter().filter(|c| !c.is_ascii_control()).count() as i64)
            }
            _ => {
                self.ctx
                    .mark_partial("pr header width of non-Latin text in a UTF-8 locale");
                Err(Stop::Die(
                    b"the width of header text beyond ASCII and U+00A0..U+02FF in a UTF-8 \
                      locale is not modeled"
                        .to_vec(),
                ))
            }
        }
    }

    /// GNU's `init_store_cols`, whose size arithmetic must fit a C `int`.
    fn init_store_cols(&mut self) -> Res<()> {
        let fits = (|| {
            let total = i32::try_from(self.lines_per_body)
                .ok()?
                .checked_mul(i32::try_from(self.columns).ok()?)?;
            total.checked_add(1)?;
            let per = i32::try_from(self.chars_per_column).ok()?.checked_add(1)?;
            total.checked_mul(per)
        })();
        if fits.is_none() {
            return Err(Stop::Die(b"integer overflow".to_vec()));
        }
        self.store.clear();
        Ok(())
    }

    /// GNU's `close_file`: end of input (a read error ends the program).
    fn close_file(&mut self, pi: usize) -> Res<()> {
        if self.cols[pi].status == Status::Closed {
            return Ok(());
        }
        let input = &mut self.inputs[self.cols[pi].input];
        let err = input.error.take();
        if input.is_stdin {
            input.clear();
        }
        if let Some(e) = err {
            let mut m = quotef(self.ctx, &self.cols[pi].name).into_bytes();
            m.extend_from_slice(b": ");
            m.extend_from_slice(e.message().as_bytes());
            return Err(Stop::Die(m));
        }
        if !self.parallel_files {
            for q in &mut self.cols {
                q.status = Status::Closed;
                if q.lines_stored == 0 {
                    q.lines_to_print = 0;
                }
            }
        } else {
            self.cols[pi].status = Status::Closed;
            self.cols[pi].lines_to_print = 0;
        }
        self.files_ready_to_read -= 1;
        Ok(())
    }

    /// GNU's `hold_file`: a form feed; the input waits for the next page.
    fn hold_file(&mut self, pi: usize) {
        if !self.parallel_files {
            let s = if self.storing_columns {
                Status::FfFound
            } else {
                Status::OnHold
            };
            for q in &mut self.cols {
                q.status = s;
            }
        } else {
            self.cols[pi].status = Status::OnHold;
        }
        self.cols[pi].lines_to_print = 0;
        self.files_ready_to_read -= 1;
    }

    /// GNU's `reset_status`: inputs on hold come back at a new page.
    fn reset_status(&mut self) {
        for p in &mut self.cols {
            if p.status == Status::OnHold {
                p.status = Status::Open;
                self.files_ready_to_read += 1;
            }
        }
        if self.storing_columns {
            self.files_ready_to_read = i64::from(self.cols[0].status != Status::Closed);
        }
    }

    async fn getc(&mut self, pi: usize) -> Res<Option<u8>> {
        let ctx = self.ctx;
        let idx = self.cols[pi].input;
        Ok(self.inputs[idx].getc(ctx).await?)
    }

    fn ungetc(&mut self, pi: usize, c: Option<u8>) {
        let idx = self.cols[pi].input;
        self.inputs[idx].ungetc(c);
    }

    /// After a form feed, a newline right behind it belongs to it.
    async fn eat_newline_after_ff(&mut self, pi: usize) -> Res<()> {
        let c = self.getc(pi).await?;
        if c != Some(b'\n') {
            self.ungetc(pi, c);
        }
        Ok(())
    }

    /// GNU's `init_page`: how many lines each column prints on this page.
    async fn init_page(&mut self) -> Res<()> {
        if self.storing_columns {
            self.store_columns().await?;
            let n = self.cols.len();
            for (i, p) in self.cols.iter_mut().enumerate() {
                if i + 1 < n || self.balance_columns {
                    p.lines_to_print = p.lines_stored;
                } else if p.status == Status::Open {
                    p.lines_to_print = self.lines_per_body;
                } else {
                    p.lines_to_print = 0;
                }
            }
        } else {
            for p in &mut self.cols {
                p.lines_to_print = if p.status == Status::Open {
                    self.lines_per_body
                } else {
                    0
                };
            }
        }
        Ok(())
    }

    /// GNU's `align_column`: an empty merged column still gets its padding, separator and
    /// number.
    fn align_column(&mut self, pi: usize) -> Res<()> {
        self.padding_not_printed = self.cols[pi].start_position;
        let sep_len = self.col_sep.len() as i64;
        if sep_len < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - sep_len)?;
            self.padding_not_printed = 0;
        }
        if self.use_col_separator {
            self.print_sep_string()?;
        }
        if self.cols[pi].numbered {
            self.add_line_number(pi)?;
        }
        Ok(())
    }

    /// GNU's `print_page`; false when there is nothing more to print.
    async fn print_page(&mut self) -> Res<bool> {
        self.ctx.charge(cost::LINE)?;
        self.init_page().await?;
        if self.cols_ready_to_print() == 0 {
            return Ok(false);
        }
        if self.extremities {
            self.print_a_header = true;
        }
        self.pad_vertically = false;
        // Whether any line was printed on the page: only then is it padded to its length.
        let mut pv = false;
        let mut lines_left = self.lines_per_body;
        if self.double_space {
            lines_left *= 2;
        }
        while lines_left > 0 && self.cols_ready_to_print() > 0 {
            self.ctx.charge(cost::LINE)?;
            self.output_position = 0;
            self.spaces_not_printed = 0;
            self.separators_not_printed = 0;
            self.pad_vertically = false;
            self.align_empty_cols = false;
            self.empty_line = true;
            for pi in 0..self.cols.len() {
                self.input_position = 0;
                if self.cols[pi].lines_to_print > 0 || self.cols[pi].status == Status::FfFound {
                    self.ff_only = false;
                    self.padding_not_printed = self.cols[pi].start_position;
                    let whole = if self.cols[pi].stored {
                        self.print_stored(pi)?
                    } else {
                        self.read_line(pi).await?
                    };
                    if !whole {
                        self.read_rest_of_line(pi).await?;
                    }
                    pv |= self.pad_vertically;
                    self.cols[pi].lines_to_print -= 1;
                    if self.cols[pi].lines_to_print <= 0 && self.cols_ready_to_print() == 0 {
                        break;
                    }
                    let status = self.cols[pi].status;
                    if self.parallel_files && status != Status::Open {
                        if self.empty_line {
                            self.align_empty_cols = true;
                        } else if status == Status::Closed
                            || (status == Status::OnHold && self.ff_only)
                        {
                            self.align_column(pi)?;
                        }
                    }
                } else if self.parallel_files {
                    if self.empty_line {
                        self.align_empty_cols = true;
                    } else {
                        self.align_column(pi)?;
                    }
                }
                if self.use_col_separator {
                    self.separators_not_printed += 1;
                }
                self.out.maybe_flush(self.ctx).await?;
            }
            if self.pad_vertically {
                self.out.put(self.ctx, b'\n')?;
                lines_left -= 1;
            }
            if self.cols_ready_to_print() == 0 && !self.extremities {
                break;
            }
            if self.double_space && pv {
                self.out.put(self.ctx, b'\n')?;
                lines_left -= 1;
            }
        }
        if lines_left == 0 {
            for p in &mut self.cols {
                if p.status == Status::Open {
                    p.full_page_printed = true;
                }
            }
        }
        self.pad_vertically = pv;
        if pv && self.extremities {
            self.pad_down(lines_left + FOOTER_LINES).await?;
        } else if self.keep_ff && self.print_a_ff {
            self.out.put(self.ctx, b'\x0c')?;
            self.print_a_ff = false;
        }
        self.page_number = self.page_number.wrapping_add(1);
        if self.last_page_number < self.page_number {
            return Ok(false);
        }
        self.reset_status();
        Ok(true)
    }

    /// GNU's `store_columns`: reads the page's lines for the columns printed down.
    async fn store_columns(&mut self) -> Res<()> {
        self.store.clear();
        let mut buff_start = 0usize;
        let last_col = if self.balance_columns {
            self.cols.len()
        } else {
            self.cols.len() - 1
        };
        for p in &mut self.cols[..last_col] {
            p.lines_stored = 0;
        }
        let mut line = 0usize;
        for pi in 0..last_col {
            if self.files_ready_to_read == 0 {
                break;
            }
            self.cols[pi].current_line = line;
            let mut j = self.lines_per_body;
            while j > 0 && self.files_ready_to_read > 0 {
                j -= 1;
                if self.cols[pi].status != Status::Open {
                    // Nothing below changes while the column is not open.
                    break;
                }
                self.input_position = 0;
                if !self.read_line(pi).await? {
                    self.read_rest_of_line(pi).await?;
                }
                if self.cols[pi].status == Status::Open || buff_start != self.store.buff.len() {
                    self.cols[pi].lines_stored += 1;
                    self.store.line(self.ctx, buff_start, self.input_position)?;
                    line += 1;
                    buff_start = self.store.buff.len();
                }
            }
        }
        self.store.finish(self.ctx, buff_start)?;
        if self.balance_columns {
            self.balance(line as i64);
        }
        Ok(())
    }

    /// GNU's `balance`: shares the stored lines out evenly, the first columns one longer.
    fn balance(&mut self, total: i64) {
        let n = self.cols.len() as i64;
        let mut first = 0usize;
        for (i, p) in self.cols.iter_mut().enumerate() {
            let mut lines = total / n;
            if (i as i64) < total % n {
                lines += 1;
            }
            p.lines_stored = lines;
            p.current_line = first;
            first += lines as usize;
        }
    }

    /// GNU's `add_line_number`.
    fn add_line_number(&mut self, pi: usize) -> Res<()> {
        let stored = self.cols[pi].stored;
        // Right-aligned in the field; too many digits lose the high-order ones.
        let width = self.chars_per_number as usize;
        let digits = self.line_number.to_string();
        self.line_number = self.line_number.wrapping_add(1);
        let shown = &digits.as_bytes()[digits.len().saturating_sub(width)..];
        self.emit_spaces(stored, width - shown.len())?;
        for &b in shown {
            self.emit(stored, b)?;
        }
        if self.columns > 1 {
            // A tab separator is spaces here, so columns stay equally wide.
            if self.number_separator == b'\t' {
                let n = (self.number_width - self.chars_per_number).max(0) as usize;
                self.emit_spaces(stored, n)?;
            } else {
                self.emit(stored, self.number_separator)?;
            }
        } else {
            self.emit(stored, self.number_separator)?;
            if self.number_separator == b'\t' {
                self.output_position += tab_width(self.chars_per_output_tab, self.output_position);
            }
        }
        if self.truncate_lines && !self.parallel_files {
            self.input_position += self.number_width;
        }
        Ok(())
    }

    /// GNU's `pad_across_to`.
    fn pad_across_to(&mut self, position: i64) -> Res<()> {
        if self.tabify_output {
            self.spaces_not_printed = position - self.output_position;
        } else {
            let n = (position - self.output_position).max(0) as usize;
            self.out.run(self.ctx, b' ', n)?;
            self.output_position = position;
        }
        Ok(())
    }

    /// GNU's `pad_down`: the rest of the page.
    async fn pad_down(&mut self, lines: i64) -> Res<()> {
        if self.use_form_feed {
            self.out.put(self.ctx, b'\x0c')?;
            return Ok(());
        }
        let mut left = lines.max(0) as usize;
        while left > 0 {
            let n = left.min(crate::commands::opts::OUT_CHUNK);
            self.out.run(self.ctx, b'\n', n)?;
            self.out.maybe_flush(self.ctx).await?;
            left -= n;
        }
        Ok(())
    }

    /// GNU's `read_rest_of_line`: skips what a truncated line had left.
    async fn read_rest_of_line(&mut self, pi: usize) -> Res<()> {
        loop {
            match self.getc(pi).await? {
                Some(b'\n') => return Ok(()),
                Some(b'\x0c') => {
                    self.eat_newline_after_ff(pi).await?;
                    if self.keep_ff {
                        self.print_a_ff = true;
                    }
                    self.hold_file(pi);
                    return Ok(());
                }
                None => return self.close_file(pi),
                Some(_) => {}
            }
        }
    }

    /// GNU's `skip_read`: one line of a page that is not printed (`+FIRST_PAGE`).
    async fn skip_read(&mut self, pi: usize, column_number: usize) -> Res<()> {
        let mut c = self.getc(pi).await?;
        if c == Some(b'\x0c') && self.cols[pi].full_page_printed {
            // The form feed right after a full page only ends that page.
            c = self.getc(pi).await?;
            if c == Some(b'\n') {
                c = self.getc(pi).await?;
            }
        }
        self.cols[pi].full_page_printed = false;
        // A lone form feed is not a line for numbering.
        let single_ff = c == Some(b'\x0c');
        if self.last_line {
            self.cols[pi].full_page_printed = true;
        }
        while c != Some(b'\n') {
            match c {
                Some(b'\x0c') => {
                    if self.last_line {
                        if !self.parallel_files {
                            for q in &mut self.cols {
                                q.full_page_printed = false;
                            }
                        } else {
                            self.cols[pi].full_page_printed = false;
                        }
                    }
                    self.eat_newline_after_ff(pi).await?;
                    self.hold_file(pi);
                    break;
                }
                None => {
                    self.close_file(pi)?;
                    break;
                }
                Some(_) => c = self.getc(pi).await?,
            }
        }
        if self.skip_count && (!self.parallel_files || column_number == 1) && !single_ff {
            self.line_count = self.line_count.wrapping_add(1);
        }
        Ok(())
    }

    /// GNU's `print_white_space`: the pending blanks, as output tabs where they fit.
    fn print_white_space(&mut self) -> Res<()> {
        let goal = self.output_position + self.spaces_not_printed;
        let (tabs, spaces) = blanks_to(self.output_position, goal, self.chars_per_output_tab);
        self.out.run(self.ctx, self.output_tab_char, tabs)?;
        self.out.run(self.ctx, b' ', spaces)?;
        self.output_position = goal;
        self.spaces_not_printed = 0;
        Ok(())
    }

    /// GNU's `print_sep_string`. However many separators are owed, the string is written
    /// once (GNU's loop does not restart the string), its blanks joining the pending blanks.
    fn print_sep_string(&mut self) -> Res<()> {
        if self.separators_not_printed <= 0 {
            if self.spaces_not_printed > 0 {
                self.print_white_space()?;
            }
            return Ok(());
        }
        let sep = std::mem::take(&mut self.col_sep);
        let r = (|| -> Res<()> {
            for &b in &sep {
                if b == b' ' {
                    self.spaces_not_printed += 1;
                } else {
                    if self.spaces_not_printed > 0 {
                        self.print_white_space()?;
                    }
                    self.out.put(self.ctx, b)?;
                    self.output_position += 1;
                }
            }
            if self.spaces_not_printed > 0 {
                self.print_white_space()?;
            }
            Ok(())
        })();
        self.col_sep = sep;
        self.separators_not_printed = 0;
        r
    }

    /// GNU's `print_char`.
    fn print_char(&mut self, c: u8) -> Res<()> {
        if self.tabify_output {
            if c == b' ' {
                self.spaces_not_printed += 1;
                return Ok(());
            }
            if self.spaces_not_printed > 0 {
                self.print_white_space()?;
            }
            // Unprintable bytes take no room, except a backspace which takes one back.
            if !isprint(c) {
                if c == 8 {
                    self.output_position -= 1;
                }
            } else {
                self.output_position += 1;
            }
        }
        self.out.put(self.ctx, c)?;
        Ok(())
    }

    /// A byte to a column: stored, or printed.
    fn emit(&mut self, stored: bool, c: u8) -> Res<()> {
        if stored {
            self.store.push(self.ctx, c)?;
            Ok(())
        } else {
            self.print_char(c)
        }
    }

    fn emit_spaces(&mut self, stored: bool, n: usize) -> Res<()> {
        if stored {
            self.store.push_run(self.ctx, b' ', n)?;
        } else if self.tabify_output {
            self.spaces_not_printed += n as i64;
        } else {
            self.out.run(self.ctx, b' ', n)?;
        }
        Ok(())
    }

    fn print_clump(&mut self, pi: usize, clump: &Clump) -> Res<()> {
        let stored = self.cols[pi].stored;
        match clump {
            Clump::Spaces(n) => self.emit_spaces(stored, *n),
            Clump::Bytes(b, n) => {
                for &c in &b[..*n] {
                    self.emit(stored, c)?;
                }
                Ok(())
            }
        }
    }

    /// GNU's `char_to_clump`: what `c` prints as, advancing the input position by its width.
    fn char_to_clump(&mut self, c: u8) -> Clump {
        let octal = |c: u8| {
            let s = format!("\\{c:03o}");
            let mut b = [0u8; 4];
            b.copy_from_slice(s.as_bytes());
            Clump::Bytes(b, 4)
        };
        let chars_per_c = if c == self.input_tab_char {
            self.chars_per_input_tab
        } else {
            8
        };
        let (width, clump) = if c == self.input_tab_char || c == b'\t' {
            let width = tab_width(chars_per_c, self.input_position);
            if self.untabify_input {
                (width, Clump::Spaces(width.max(0) as usize))
            } else {
                (width, Clump::Bytes([c, 0, 0, 0], 1))
            }
        } else if !isprint(c) {
            if self.use_esc_sequence {
                (4, octal(c))
            } else if self.use_cntrl_prefix {
                if c < 0o200 {
                    (2, Clump::Bytes([b'^', c ^ 0o100, 0, 0], 2))
                } else {
                    (4, octal(c))
                }
            } else if c == 8 {
                (-1, Clump::Bytes([c, 0, 0, 0], 1))
            } else {
                (0, Clump::Bytes([c, 0, 0, 0], 1))
            }
        } else {
            (1, Clump::Bytes([c, 0, 0, 0], 1))
        };
        // Backspaces never take the position below 0; at 0 one prints nothing.
        if width < 0 && self.input_position == 0 {
            return Clump::Bytes([0; 4], 0);
        }
        if width < 0 && self.input_position <= -width {
            self.input_position = 0;
        } else {
            self.input_position += width;
        }
        clump
    }

    /// GNU's `skip_to_page`: reads past the pages before `page`.
    async fn skip_to_page(&mut self, page: u64) -> Res<bool> {
        let mut n = 1u64;
        while n < page {
            let mut i = 1;
            while i < self.lines_per_body {
                i += 1;
                if !self.cols.iter().any(|p| p.status == Status::Open) {
                    // Nothing more can be read on this page.
                    break;
                }
                for j in 0..self.cols.len() {
                    if self.cols[j].status == Status::Open {
                        self.skip_read(j, j + 1).await?;
                    }
                }
            }
            self.last_line = true;
            for j in 0..self.cols.len() {
                if self.cols[j].status == Status::Open {
                    self.skip_read(j, j + 1).await?;
                }
            }
            if self.storing_columns {
                for p in &mut self.cols {
                    if p.status != Status::Closed {
                        p.status = Status::OnHold;
                    }
                }
            }
            self.reset_status();
            self.last_line = false;
            if self.files_ready_to_read < 1 {
                self.ctx
                    .diag(format!(
                        "starting page number {page} exceeds page count {n}"
                    ))
                    .await?;
                break;
            }
            n += 1;
        }
        Ok(self.files_ready_to_read > 0)
    }

    /// GNU's `print_header`. A margin is written before the header's two blank lines too
    /// (as tabs when output is tabified), and again before the date.
    fn print_header(&mut self) -> Res<()> {
        self.output_position = 0;
        self.pad_across_to(self.chars_per_margin)?;
        self.print_white_space()?;
        let page = format!("Page {}", self.page_number);
        let available = (self.header_width_available - page.len() as i64).max(0);
        let lhs = (available >> 1).max(1) as usize;
        let rhs = (available - (available >> 1)).max(1) as usize;
        let ctx = self.ctx;
        self.out.slice(ctx, b"\n\n")?;
        self.out.run(ctx, b' ', self.chars_per_margin as usize)?;
        self.out.slice(ctx, &self.date_text)?;
        self.out.run(ctx, b' ', lhs)?;
        self.out.slice(ctx, &self.file_text)?;
        self.out.run(ctx, b' ', rhs)?;
        self.out.slice(ctx, page.as_bytes())?;
        self.out.slice(ctx, b"\n\n\n")?;
        self.print_a_header = false;
        self.output_position = 0;
        Ok(())
    }

    /// GNU's `read_line`: reads (and prints or stores) one line of column `pi`. False when the
    /// line was cut at the column width and the rest must be skipped.
    async fn read_line(&mut self, pi: usize) -> Res<bool> {
        let mut c = self.getc(pi).await?;
        let last_input_position = self.input_position;
        if c == Some(b'\x0c') && self.cols[pi].full_page_printed {
            c = self.getc(pi).await?;
            if c == Some(b'\n') {
                c = self.getc(pi).await?;
            }
        }
        self.cols[pi].full_page_printed = false;
        let first = match c {
            Some(b'\x0c') => {
                self.eat_newline_after_ff(pi).await?;
                self.ff_only = true;
                if self.print_a_header && !self.storing_columns {
                    self.pad_vertically = true;
                    self.print_header()?;
                } else if self.keep_ff {
                    self.print_a_ff = true;
                }
                self.hold_file(pi);
                return Ok(true);
            }
            None => {
                self.close_file(pi)?;
                return Ok(true);
            }
            Some(b'\n') => None,
            Some(b) => Some(self.char_to_clump(b)),
        };
        if self.truncate_lines && self.input_position > self.chars_per_column {
            self.input_position = last_input_position;
            return Ok(false);
        }
        if !self.cols[pi].stored {
            self.pad_vertically = true;
            if self.print_a_header && !self.storing_columns {
                self.print_header()?;
            }
            if self.parallel_files && self.align_empty_cols {
                // The empty columns before this one, at the start of a line.
                let k = self.separators_not_printed;
                self.separators_not_printed = 0;
                for j in 0..k.max(0) as usize {
                    self.align_column(j)?;
                    self.separators_not_printed += 1;
                }
                self.padding_not_printed = self.cols[pi].start_position;
                self.spaces_not_printed = if self.truncate_lines {
                    self.chars_per_column
                } else {
                    0
                };
                self.align_empty_cols = false;
            }
            let sep_len = self.col_sep.len() as i64;
            if sep_len < self.padding_not_printed {
                self.pad_across_to(self.padding_not_printed - sep_len)?;
                self.padding_not_printed = 0;
            }
            if self.use_col_separator {
                self.print_sep_string()?;
            }
        }
        if self.cols[pi].numbered {
            self.add_line_number(pi)?;
        }
        self.empty_line = false;
        let Some(first) = first else {
            return Ok(true);
        };
        self.print_clump(pi, &first)?;
        loop {
            let c = self.getc(pi).await?;
            match c {
                Some(b'\n') => return Ok(true),
                Some(b'\x0c') => {
                    self.eat_newline_after_ff(pi).await?;
                    if self.keep_ff {
                        self.print_a_ff = true;
                    }
                    self.hold_file(pi);
                    return Ok(true);
                }
                None => {
                    self.close_file(pi)?;
                    return Ok(true);
                }
                Some(b) => {
                    let last_input_position = self.input_position;
                    let clump = self.char_to_clump(b);
                    if self.truncate_lines && self.input_position > self.chars_per_column {
                        self.input_position = last_input_position;
                        return Ok(false);
                    }
                    self.print_clump(pi, &clump)?;
                    self.out.maybe_flush(self.ctx).await?;
                }
            }
        }
    }

    /// GNU's `print_stored`: prints one stored line of column `pi`.
    fn print_stored(&mut self, pi: usize) -> Res<bool> {
        let line = self.cols[pi].current_line;
        self.cols[pi].current_line += 1;
        self.pad_vertically = true;
        if self.print_a_header {
            self.print_header()?;
        }
        if self.cols[pi].status == Status::FfFound {
            for q in &mut self.cols {
                q.status = Status::OnHold;
            }
            if self.cols[0].lines_to_print <= 0 {
                // A page that is only a form feed: its header.
                if !self.extremities {
                    self.pad_vertically = false;
                }
                return Ok(true);
            }
        }
        let sep_len = self.col_sep.len() as i64;
        if sep_len < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - sep_len)?;
            self.padding_not_printed = 0;
        }
        if self.use_col_separator {
            self.print_sep_string()?;
        }
        // GNU reads past the stored lines here only when it cannot happen; an empty line
        // stands in for that.
        let (a, b) = match (self.store.starts.get(line), self.store.starts.get(line + 1)) {
            (Some(&a), Some(&b)) => (a, b),
            _ => (0, 0),
        };
        for k in a..b {
            let c = self.store.buff[k];
            self.print_char(c)?;
        }
        if self.spaces_not_printed == 0 {
            let start = self.cols[pi].start_position;
            self.output_position = start + self.store.ends.get(line).copied().unwrap_or(0);
            if start - sep_len == self.chars_per_margin {
                self.output_position -= sep_len;
            }
        }
        Ok(true)
    }
}

impl Column {
    fn blank() -> Column {
        Column {
            input: 0,
            name: Vec::new(),
            status: Status::Open,
            stored: false,
            current_line: 0,
            lines_stored: 0,
            lines_to_print: 0,
            start_position: 0,
            numbered: false,
            full_page_printed: false,
        }
    }
}
