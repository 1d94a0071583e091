//! `ErrorMessage`: DDS's text for each return code.

use crate::boundary::{guard_void, write_c_array};
use crate::ffi::*;
use std::ffi::c_char;

/// DDS's text for `code` (`TEXT_*` of `dll.h`).
pub fn message(code: i32) -> &'static str {
    match code {
        RETURN_NO_FAULT => "Success",
        RETURN_UNKNOWN_FAULT => "General error",
        RETURN_ZERO_CARDS => "Zero cards",
        RETURN_TARGET_TOO_HIGH => "Target exceeds number of tricks",
        RETURN_DUPLICATE_CARDS => "Cards duplicated",
        RETURN_TARGET_WRONG_LO => "Target is less than -1",
        RETURN_TARGET_WRONG_HI => "Target is higher than 13",
        RETURN_SOLNS_WRONG_LO => "Solutions parameter is less than 1",
        RETURN_SOLNS_WRONG_HI => "Solutions parameter is higher than 3",
        RETURN_TOO_MANY_CARDS => "Too many cards",
        RETURN_SUIT_OR_RANK => "currentTrickSuit or currentTrickRank has wrong data",
        RETURN_PLAYED_CARD => "Played card also remains in a hand",
        RETURN_CARD_COUNT => "Wrong number of remaining cards in a hand",
        RETURN_THREAD_INDEX => "Thread index is not 0 .. maximum",
        RETURN_MODE_WRONG_LO => "Mode parameter is less than 0",
        RETURN_MODE_WRONG_HI => "Mode parameter is higher than 2",
        RETURN_TRUMP_WRONG => "Trump is not in 0 .. 4",
        RETURN_FIRST_WRONG => "First is not in 0 .. 2",
        RETURN_PLAY_FAULT => "AnalysePlay input error",
        RETURN_PBN_FAULT => "PBN string error",
        RETURN_TOO_MANY_BOARDS => "Too many boards requested",
        RETURN_THREAD_CREATE => "Could not create threads",
        RETURN_THREAD_WAIT => "Something failed waiting for thread to end",
        RETURN_THREAD_MISSING => "Multi-threading system not present",
        RETURN_NO_SUIT => "Denomination filter vector has no entries",
        RETURN_TOO_MANY_TABLES => "Too many DD tables requested",
        RETURN_CHUNK_SIZE => "Chunk size is less than 1",
        _ => "Not a DDS error code",
    }
}

/// `ErrorMessage`: writes the text of `code` into `line` (80 characters with the NUL).
///
/// # Safety
/// `line` is null (nothing is written) or points to at least 80 writable characters.
#[no_mangle]
pub unsafe extern "C" fn ErrorMessage(code: i32, line: *mut c_char) {
    guard_void(|| {
        if line.is_null() {
            return;
        }
        // SAFETY: the caller passes at least 80 writable characters (dll.h's `line[80]`).
        let line = unsafe { std::slice::from_raw_parts_mut(line, 80) };
        write_c_array(line, message(code));
    });
}
