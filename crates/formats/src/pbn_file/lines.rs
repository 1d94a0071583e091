//! Lines in a file's bytes: line ends (LF or CRLF), where the line of a byte starts, and
//! which line a byte is on; shared by the tokenizer and the rewrite.

/// A line end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
}

impl LineEnd {
    /// The bytes of the line end.
    pub const fn bytes(self) -> &'static [u8] {
        match self {
            LineEnd::Lf => b"\n",
            LineEnd::CrLf => b"\r\n",
        }
    }
}

/// The line end of the line of byte `pos` (LF when the line has none).
pub(super) fn line_end_of(b: &[u8], pos: usize) -> LineEnd {
    match b[pos..].iter().position(|&c| c == b'\n') {
        Some(p) if pos + p > 0 && b[pos + p - 1] == b'\r' => LineEnd::CrLf,
        _ => LineEnd::Lf,
    }
}

/// Where the line of byte `pos` starts.
pub(super) fn line_start(b: &[u8], pos: usize) -> usize {
    b[..pos]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1)
}

/// The line of byte `pos`, from 1.
pub(super) fn line_of(b: &[u8], pos: usize) -> usize {
    1 + b[..pos.min(b.len())]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_numbers() {
        let b = b"a\nb\r\nc";
        assert_eq!(line_of(b, 0), 1);
        assert_eq!(line_of(b, 2), 2);
        assert_eq!(line_of(b, 5), 3);
        assert_eq!(line_start(b, 4), 2);
    }
}
