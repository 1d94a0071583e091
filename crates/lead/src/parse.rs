//! The text forms the front ends share: a contract (`3NTS`, `4HxE`, `6Cxx W`) and a seat's
//! hand (`W:KQ3.J92.T8763.A4`).

use ddsolve::par::{Contract, Doubling};
use ddsolve_cards::{parse_pbn_hands, Hand, Seat, Strain};
use thiserror::Error;

/// Why a contract or a hand could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a contract.
    #[error("{0:?} is not a contract: write the level, the strain (N or NT, S, H, D, C), x or xx if doubled, and declarer's seat, e.g. 3NTS or 4HxE")]
    Contract(String),
    /// Not a hand.
    #[error("{text:?} is not a seat's hand ({reason}): write the seat, a colon and the suits, e.g. W:KQ3.J92.T8763.A4")]
    Hand {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
}

/// Reads a contract: the level (1-7), the strain (`N`, `NT`, `S`, `H`, `D`, `C`), `x` or
/// `xx` if doubled or redoubled, and declarer's seat (`N`, `E`, `S`, `W`), in either case,
/// spaces allowed between the parts: `3NTS`, `4HxE`, `6C xx W`.
///
/// ```
/// use ddsolve_lead::parse::parse_contract;
///
/// assert_eq!(parse_contract("3NTS")?.to_string(), "3NT by S");
/// assert_eq!(parse_contract("4hxe")?.to_string(), "4Hx by E");
/// assert!(parse_contract("8NTS").is_err());
/// # Ok::<(), ddsolve_lead::parse::ParseError>(())
/// ```
pub fn parse_contract(text: &str) -> Result<Contract, ParseError> {
    let bad = || ParseError::Contract(text.to_string());
    let s: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let mut chars = s.chars();
    let level = chars
        .next()
        .and_then(|c| c.to_digit(10))
        .filter(|l| (1..=7).contains(l))
        .ok_or_else(bad)? as u8;
    let rest = chars.as_str();
    let (strain, rest) = if let Some(r) = rest.strip_prefix("NT") {
        (Strain::NoTrump, r)
    } else {
        let c = rest.chars().next().ok_or_else(bad)?;
        let strain = match c {
            'N' => Strain::NoTrump,
            'S' => Strain::Spades,
            'H' => Strain::Hearts,
            'D' => Strain::Diamonds,
            'C' => Strain::Clubs,
            _ => return Err(bad()),
        };
        (strain, &rest[1..])
    };
    let (doubling, rest) = if let Some(r) = rest.strip_prefix("XX") {
        (Doubling::Redoubled, r)
    } else if let Some(r) = rest.strip_prefix('X') {
        (Doubling::Doubled, r)
    } else {
        (Doubling::Undoubled, rest)
    };
    let mut seat_chars = rest.chars();
    let declarer = seat_chars
        .next()
        .and_then(Seat::from_letter)
        .ok_or_else(bad)?;
    if seat_chars.next().is_some() {
        return Err(bad());
    }
    Contract::new(level, strain, doubling, declarer).map_err(|_| bad())
}

/// Reads one seat's hand: the seat, a colon and the four suits in PBN (`W:KQ3.J92.T8763.A4`).
///
/// ```
/// use ddsolve_cards::Seat;
/// use ddsolve_lead::parse::parse_seat_hand;
///
/// let (seat, hand) = parse_seat_hand("W:KQ3.J92.T8763.A4")?;
/// assert_eq!((seat, hand.len()), (Seat::West, 13));
/// # Ok::<(), ddsolve_lead::parse::ParseError>(())
/// ```
pub fn parse_seat_hand(text: &str) -> Result<(Seat, Hand), ParseError> {
    let t = text.trim();
    let bad = |reason: String| ParseError::Hand {
        text: text.to_string(),
        reason,
    };
    let mut chars = t.chars();
    let seat = match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), Some(':')) => seat,
        _ => return Err(bad("no seat".into())),
    };
    if chars.as_str().split_whitespace().count() != 1 {
        return Err(bad("one hand, without spaces".into()));
    }
    let hands = parse_pbn_hands(&format!("{t} ... ... ...")).map_err(|e| bad(e.to_string()))?;
    Ok((seat, hands[seat]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts() {
        for (text, want) in [
            ("3NTS", "3NT by S"),
            ("3ns", "3NT by S"),
            ("4HxE", "4Hx by E"),
            ("6C xx W", "6Cxx by W"),
            ("1SN", "1S by N"),
        ] {
            assert_eq!(parse_contract(text).unwrap().to_string(), want, "{text}");
        }
        for text in ["", "3", "3NT", "0NTS", "8HS", "3NTQ", "3NTSS", "3ZS"] {
            assert!(parse_contract(text).is_err(), "{text}");
        }
    }

    #[test]
    fn hands() {
        let (seat, hand) = parse_seat_hand("S:AKQ.JT9.8765.432").unwrap();
        assert_eq!(seat, Seat::South);
        assert_eq!(hand.to_string(), "AKQ.JT9.8765.432");
        assert!(parse_seat_hand("AKQ.JT9.8765.432").is_err());
        assert!(parse_seat_hand("S:AKQ.JT9.8765").is_err());
        assert!(parse_seat_hand("S:AKQ.JT9.8765.43Z").is_err());
    }
}
