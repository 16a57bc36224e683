//! A cursor over one parameter's text, and the failure it reports.
//!
//! The cursor only ever moves by whole characters (or by ASCII literals it has just matched),
//! so its byte position is always on a character boundary and slicing with it cannot panic.

/// Where parsing stopped and why, in PostgREST's wording (`unexpected "x" expecting …`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fail {
    /// Byte offset into the parsed text.
    pub pos: usize,
    pub details: String,
}

pub(crate) type PResult<T> = Result<T, Fail>;

#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(src: &'a str) -> Self {
        Cursor { src, pos: 0 }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves back to a position this cursor reported earlier.
    pub fn set_pos(&mut self, pos: usize) {
        if self.src.is_char_boundary(pos) {
            self.pos = pos;
        }
    }

    pub fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    /// The text between an earlier position and the current one.
    pub fn since(&self, start: usize) -> &'a str {
        self.src.get(start..self.pos).unwrap_or("")
    }

    pub fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.src.len()
    }

    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    pub fn starts_with(&self, s: &str) -> bool {
        self.rest().starts_with(s)
    }

    /// Consumes `s` if the text continues with it.
    pub fn eat(&mut self, s: &str) -> bool {
        if self.starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    pub fn eat_char(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Skips spaces and tabs (PostgREST's `ws`).
    pub fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    pub fn take_while(&mut self, mut f: impl FnMut(char) -> bool) -> &'a str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !f(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
        self.since(start)
    }

    /// A failure at the current character: `unexpected "c" expecting <expecting>`.
    pub fn fail(&self, expecting: &str) -> Fail {
        Fail {
            pos: self.pos,
            details: format!("unexpected {} expecting {expecting}", describe(self.peek())),
        }
    }

    /// A failure at `pos` with free-form details.
    pub fn fail_at(&self, pos: usize, details: impl Into<String>) -> Fail {
        Fail {
            pos,
            details: details.into(),
        }
    }
}

/// `"x"` for a character (escaped if it is not printable), `end of input` for none.
pub(crate) fn describe(c: Option<char>) -> String {
    match c {
        None => "end of input".to_owned(),
        Some(c) => format!("\"{}\"", c.escape_debug()),
    }
}

/// `"text"` with quotes and backslashes escaped and control characters shown as escapes.
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
