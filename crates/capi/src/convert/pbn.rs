//! DDS's PBN readers: a deal string into binary holdings, a play string into cards.
//!
//! As lenient as DDS's `ConvertFromPBN` (the first seat letter within the first three
//! characters, then a colon or any one character; characters other than ranks, dots and
//! spaces ignored; lower case accepted) so that every string DDS reads is read the same way;
//! what DDS would read past its arrays (a fifth hand or suit) is a PBN fault here. As every
//! reader of ddsolve, it skips a leading UTF-8 byte-order mark and reads `10` as the ten
//! (DDS ignores both characters, losing the card); `-` for a void is ignored, as in DDS. The
//! checks of the cards themselves (duplicates, counts) are `SolveBoard`'s, on the binary
//! form, with DDS's codes.

use crate::ffi::{RETURN_PBN_FAULT, RETURN_PLAY_FAULT};
use std::ffi::c_char;

/// `remain_cards[hand][suit]` with rank r at bit r, DDS's binary form.
pub type Holdings = [[u32; 4]; 4];

/// A rank character's rank (2..=14), as DDS's `IsCard`.
fn rank_of(c: u8) -> Option<u32> {
    match c.to_ascii_uppercase() {
        d @ b'2'..=b'9' => Some(u32::from(d - b'0')),
        b'T' => Some(10),
        b'J' => Some(11),
        b'Q' => Some(12),
        b'K' => Some(13),
        b'A' => Some(14),
        _ => None,
    }
}

/// Reads a PBN deal (`"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ..."`) from a fixed C array of
/// up to 80 characters (the string ends at a NUL or at the array's end, as in DDS).
pub fn holdings_from_pbn(text: &[c_char]) -> Result<Holdings, i32> {
    let bytes: Vec<u8> = text
        .iter()
        .take(80)
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    let bytes = ddsolve::cards::without_bom_bytes(&bytes);
    let seat = bytes
        .iter()
        .take(3)
        .position(|c| b"NESWnesw".contains(c))
        .ok_or(RETURN_PBN_FAULT)?;
    let first = match bytes[seat].to_ascii_uppercase() {
        b'N' => 0,
        b'E' => 1,
        b'S' => 2,
        _ => 3,
    };
    let mut out = [[0u32; 4]; 4];
    let (mut hand_rel, mut suit) = (0usize, 0usize);
    let body = &bytes[(seat + 2).min(bytes.len())..];
    for (i, &c) in body.iter().enumerate() {
        let rank = match c {
            b'1' if body.get(i + 1) == Some(&b'0') => Some(10),
            // The 0 of a 10, already read.
            b'0' if i > 0 && body[i - 1] == b'1' => None,
            _ => rank_of(c),
        };
        if let Some(rank) = rank {
            if hand_rel > 3 || suit > 3 {
                return Err(RETURN_PBN_FAULT);
            }
            out[(first + hand_rel) % 4][suit] |= 1 << rank;
        } else if c == b'.' {
            suit += 1;
        } else if c == b' ' {
            hand_rel += 1;
            suit = 0;
        }
    }
    Ok(out)
}

/// Reads a PBN play trace: `number` cards of two characters each (`"SAHK..."`), as DDS's
/// `ConvertPlayFromPBN`: (suit 0..=3, rank 2..=14) pairs, or `RETURN_PLAY_FAULT`.
pub fn play_from_pbn(number: i32, cards: &[c_char]) -> Result<Vec<(i32, i32)>, i32> {
    let n = usize::try_from(number).map_err(|_| RETURN_PLAY_FAULT)?;
    if n > 52 || 2 * n > cards.len() {
        return Err(RETURN_PLAY_FAULT);
    }
    (0..n)
        .map(|i| {
            let suit = match (cards[2 * i] as u8).to_ascii_uppercase() {
                b'S' => 0,
                b'H' => 1,
                b'D' => 2,
                b'C' => 3,
                _ => return Err(RETURN_PLAY_FAULT),
            };
            let rank = rank_of(cards[2 * i + 1] as u8).ok_or(RETURN_PLAY_FAULT)?;
            Ok((suit, rank as i32))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c_text(s: &str) -> Vec<c_char> {
        let mut v: Vec<c_char> = s.bytes().map(|b| b as c_char).collect();
        v.resize(80, 0);
        v
    }

    #[test]
    fn reads_a_deal_from_any_first_seat() {
        let h = holdings_from_pbn(&c_text("E:AK... .QJ.. ..T9. ...32")).unwrap();
        assert_eq!(h[1][0], (1 << 14) | (1 << 13)); // East: SA SK
        assert_eq!(h[2][1], (1 << 12) | (1 << 11)); // South: HQ HJ
        assert_eq!(h[3][2], (1 << 10) | (1 << 9)); // West: DT D9
        assert_eq!(h[0][3], (1 << 3) | (1 << 2)); // North: C3 C2
    }

    #[test]
    fn faults() {
        assert_eq!(holdings_from_pbn(&c_text("X:AK")), Err(RETURN_PBN_FAULT));
        assert_eq!(
            holdings_from_pbn(&c_text("N:A.K.Q.J.T ... ... ...")),
            Err(RETURN_PBN_FAULT)
        );
        let cards = c_text("SAHX");
        assert_eq!(play_from_pbn(1, &cards), Ok(vec![(0, 14)]));
        assert_eq!(play_from_pbn(2, &cards), Err(RETURN_PLAY_FAULT));
        assert_eq!(play_from_pbn(-1, &cards), Err(RETURN_PLAY_FAULT));
        assert_eq!(play_from_pbn(53, &cards), Err(RETURN_PLAY_FAULT));
    }
}
