//! The C boundary: no panic crosses it, and C strings are read and written within their
//! arrays.

use crate::ffi::RETURN_UNKNOWN_FAULT;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs an entry point's body: its return code, or `RETURN_UNKNOWN_FAULT` if it panicked.
///
/// The body's own code is returned as it is; `Err(code)` from a body written with `?` is the
/// code too.
pub fn guard(body: impl FnOnce() -> Result<(), i32>) -> i32 {
    // AssertUnwindSafe: after a panic nothing the body touched is used again (the caller
    // gets an error code, and the solver state of the call is dropped).
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => crate::ffi::RETURN_NO_FAULT,
        Ok(Err(code)) => code,
        Err(_) => RETURN_UNKNOWN_FAULT,
    }
}

/// Runs an entry point that returns nothing, swallowing a panic.
pub fn guard_void(body: impl FnOnce()) {
    let _ = catch_unwind(AssertUnwindSafe(body));
}

/// The text of a fixed C array up to its first NUL, or `None` if it has no NUL (an
/// unterminated string: the caller's fault, reported as a PBN fault) or is not ASCII.
pub fn read_c_array(chars: &[c_char]) -> Option<String> {
    let end = chars.iter().position(|&c| c == 0)?;
    let bytes: Vec<u8> = chars[..end].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).ok().filter(|s| s.is_ascii())
}

/// Writes `text` into a fixed C array, cut to leave room for the terminating NUL, the rest
/// of the array zeroed.
pub fn write_c_array(dst: &mut [c_char], text: &str) {
    dst.fill(0);
    let n = text.len().min(dst.len().saturating_sub(1));
    for (d, &b) in dst.iter_mut().zip(&text.as_bytes()[..n]) {
        *d = b as c_char;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_unknown_fault() {
        assert_eq!(guard(|| panic!("boom")), RETURN_UNKNOWN_FAULT);
        assert_eq!(guard(|| Err(-4)), -4);
        assert_eq!(guard(|| Ok(())), 1);
    }

    #[test]
    fn strings_stay_inside_their_arrays() {
        let mut a = [1 as c_char; 5];
        write_c_array(&mut a, "abcdefgh");
        assert_eq!(read_c_array(&a).as_deref(), Some("abcd"));
        assert_eq!(read_c_array(&[b'x' as c_char; 3]), None);
    }
}
