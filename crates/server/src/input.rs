//! Reading the fields of API requests: deals (PBN or LIN), seats, strains, vulnerabilities
//! and cards, each error an [`ApiError`] naming the field and what is wrong with it.

use crate::ApiError;
use ddsolve::formats::lin;
use ddsolve::{cards::SeatMap, Card, Deal, Hand, Position, Seat, Strain, Vulnerability};

/// A whole deal (every hand the same length), PBN (`N:...`) or a LIN `md|` field, with the
/// LIN deal's dealer if it gives one.
pub fn deal(text: &str) -> Result<(Deal, Option<Seat>), ApiError> {
    let text = text.trim();
    if lin::has_deal(text) {
        return match lin::boards(text).into_iter().next() {
            Some(Ok(b)) => Ok((b.deal.deal, b.deal.dealer)),
            Some(Err(e)) => Err(ApiError::bad_request(format!("deal: {e}"))),
            None => Err(ApiError::bad_request("deal: no md| deal in the LIN text")),
        };
    }
    Deal::from_pbn(text)
        .map(|d| (d, None))
        .map_err(|e| ApiError::bad_request(format!("deal: {e}")))
}

/// The hands of a deal that may be an ending (fewer than 13 cards a hand), PBN or LIN.
pub fn hands(text: &str) -> Result<SeatMap<Hand>, ApiError> {
    if lin::has_deal(text) {
        return deal(text).map(|(d, _)| *d.hands());
    }
    ddsolve::cards::parse_pbn_hands(text).map_err(|e| ApiError::bad_request(format!("deal: {e}")))
}

/// A seat: `N`, `E`, `S`, `W` (or the full word), for the field `field`.
pub fn seat(field: &str, text: &str) -> Result<Seat, ApiError> {
    text.parse()
        .map_err(|e| ApiError::bad_request(format!("{field}: {e}")))
}

/// A strain: `S`, `H`, `D`, `C`, `NT` (or `N`), for the field `field`.
pub fn strain(field: &str, text: &str) -> Result<Strain, ApiError> {
    text.parse()
        .map_err(|e| ApiError::bad_request(format!("{field}: {e}")))
}

/// A vulnerability: `None`, `NS`, `EW`, `Both` (and PBN's other spellings).
pub fn vulnerability(text: &str) -> Result<Vulnerability, ApiError> {
    text.parse()
        .map_err(|e| ApiError::bad_request(format!("vulnerable: {e}")))
}

/// Plays `played` (cards as `HJ`, `S10`...) from `pos`, each checked: a card that cannot be
/// read, is not in the hand to play, or does not follow suit is an error naming it and its
/// place in the list. Returns the cards.
pub fn replay(pos: &mut Position, played: &[String]) -> Result<Vec<Card>, ApiError> {
    let mut cards = Vec::with_capacity(played.len());
    for (i, text) in played.iter().enumerate() {
        let card: Card = text
            .trim()
            .parse()
            .map_err(|e| ApiError::bad_request(format!("played[{i}]: {e}")))?;
        pos.play(card).map_err(|e| {
            ApiError::bad_request(format!("played[{i}]: {card} cannot be played: {e}"))
        })?;
        cards.push(card);
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    #[test]
    fn pbn_and_lin_give_the_same_deal() {
        let (pbn, none) = deal(DEAL).unwrap();
        let (lin, dealer) =
            deal("md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|").unwrap();
        assert_eq!(pbn, lin);
        assert_eq!((none, dealer), (None, Some(Seat::North)));
        assert!(deal("N:AKQ").unwrap_err().message.starts_with("deal: "));
    }

    #[test]
    fn an_illegal_card_is_named_with_its_place() {
        let (d, _) = deal(DEAL).unwrap();
        let mut pos = Position::new(d, Strain::NoTrump, Seat::East);
        let played = ["HJ", "H3", "SA"].map(String::from);
        let e = replay(&mut pos, &played).unwrap_err();
        assert_eq!(
            e.message,
            "played[2]: SA cannot be played: W must follow H; SA is a revoke"
        );
        let e = replay(&mut pos, &["SK".to_string()]).unwrap_err();
        assert_eq!(
            e.message,
            "played[0]: SK cannot be played: W is to play and does not hold SK"
        );
        let e = replay(&mut pos, &["X9".to_string()]).unwrap_err();
        assert!(
            e.message.starts_with("played[0]: \"X9\" is not a card"),
            "{}",
            e.message
        );
    }
}
