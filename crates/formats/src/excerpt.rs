//! Quoting bad input in messages: short, escaped, never raw bytes.
//!
//! A message about bad input shows the text at fault, but a bad line may be megabytes long
//! and hold any byte. [`quote`] shows at most [`MAX_CHARS`] bytes from the place at fault,
//! within its line, with `...` where it cuts; printable ASCII as it is, `\t`, `\r`, `\\` and
//! every other byte as `\xHH` (byte 0xFF is `\xff`, whatever the terminal's encoding).
//!
//! ```
//! use ddsolve_formats::excerpt::quote;
//!
//! assert_eq!(quote(b"N:AK\xff.2", 2), "`AK\\xff.2`");
//! assert_eq!(quote("x".repeat(100).as_bytes(), 0), format!("`{}`...", "x".repeat(60)));
//! ```

/// The most bytes of input a quote shows.
pub const MAX_CHARS: usize = 60;

/// Up to [`MAX_CHARS`] bytes of `bytes` from `at` to the end of its line, escaped, in
/// backquotes; `...` after it if the line goes on. Empty if there is nothing there.
pub fn quote(bytes: &[u8], at: usize) -> String {
    let rest = bytes.get(at..).unwrap_or_default();
    let line_len = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
    let mut line = &rest[..line_len];
    if line.last() == Some(&b'\r') {
        line = &line[..line.len() - 1];
    }
    if line.is_empty() {
        return String::new();
    }
    let shown = &line[..line.len().min(MAX_CHARS)];
    let mut out = String::with_capacity(shown.len() + 8);
    out.push('`');
    out.push_str(&escape(shown));
    out.push('`');
    if shown.len() < line.len() {
        out.push_str("...");
    }
    out
}

/// `bytes` with printable ASCII as it is and everything else escaped (`\t`, `\r`, `\n`, `\\`,
/// `\xHH`).
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            b'\n' => out.push_str("\\n"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

/// `text` read as Latin-1 (each char one byte, as the readers of this crate decode lines)
/// with everything but printable ASCII escaped as [`escape`] does: so a byte 0xFF in the
/// input shows as `\xff`, not as `ÿ` or `Ã¿`.
pub fn escape_latin1(text: &str) -> String {
    let bytes: Vec<u8> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect();
    escape(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote(b"ab\tc\r\nnext", 0), "`ab\\tc`");
        assert_eq!(quote(b"ab", 2), "");
        assert_eq!(quote(b"\x00\xff", 0), "`\\x00\\xff`");
        let long = vec![0xffu8; 1000];
        assert_eq!(quote(&long, 0).len(), 4 * MAX_CHARS + 5);
        assert_eq!(escape_latin1("\u{ff}A\u{e9}"), "\\xffA\\xe9");
    }
}
