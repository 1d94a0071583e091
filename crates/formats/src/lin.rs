//! BBO's LIN format: the deal of an `md|` field, and the boards of a `.lin` file.
//!
//! LIN is a flat list of `key|value|` pairs. A deal is `md|DHAND,HAND,HAND,HAND|`: `D` is the
//! dealer (1 South, 2 West, 3 North, 4 East; optional), then the hands of South, West, North
//! and East, each as suit letters followed by their ranks (`SAKQ2HT9D876CJ5`). The fourth hand
//! may be left empty: it holds the cards the others do not. A `.lin` file has one `md|` per
//! board, with the vulnerability in `sv|` (`o` none, `n` NS, `e` EW, `b` both) and the board
//! in `ah|Board 12|` or `qx|o12|`.
//!
//! ```
//! use ddsolve_cards::Seat;
//! use ddsolve_formats::lin;
//!
//! let md = "3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,";
//! let d = lin::parse_md(md)?;
//! assert_eq!(d.dealer, Some(Seat::North));
//! assert_eq!(
//!     d.deal.to_string(),
//!     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
//! );
//! # Ok::<(), lin::LinError>(())
//! ```

use ddsolve_cards::{Card, Deal, DealError, Hand, Rank, Seat, SeatMap, Suit, Vulnerability};
use thiserror::Error;

/// Why a LIN deal or file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LinError {
    /// The dealer digit is not 1 to 4.
    #[error("md|: {0:?} is not a dealer (1 South, 2 West, 3 North, 4 East)")]
    BadDealer(char),
    /// Not four hands (the last may be empty), or fewer than three given.
    #[error(
        "md|: a deal has four hands separated by commas (the last may be left empty); found {0}"
    )]
    WrongHandCount(usize),
    /// A character that is neither a suit letter nor a rank, or a rank before any suit.
    #[error("md|: hand {seat}: {ch:?} is not a suit or a rank")]
    BadCharacter {
        /// The hand.
        seat: Seat,
        /// The character.
        ch: char,
    },
    /// A card given twice.
    #[error("md|: {card} is given twice")]
    RepeatedCard {
        /// The card.
        card: Card,
    },
    /// The hands do not make a deal.
    #[error("md|: {0}")]
    Deal(#[from] DealError),
    /// A `sv|` value that is not a vulnerability.
    #[error("sv|: {0:?} is not a vulnerability (o, n, e or b)")]
    BadVulnerability(String),
}

/// The deal of an `md|` field and its dealer, if given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinDeal {
    /// The deal.
    pub deal: Deal,
    /// The dealer, from the leading digit.
    pub dealer: Option<Seat>,
}

/// A board of a LIN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinBoard {
    /// The board number, from `ah|Board N|` or `qx|oN|` (`qx|cN|`), if there is one.
    pub board: Option<u32>,
    /// The deal and dealer.
    pub deal: LinDeal,
    /// The vulnerability, from `sv|`, if there is one.
    pub vulnerability: Option<Vulnerability>,
}

/// The hands of an `md|` value in the order they are written.
const MD_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// Reads the value of an `md|` field (the text between `md|` and the next `|`).
pub fn parse_md(value: &str) -> Result<LinDeal, LinError> {
    let value = value.trim();
    let (dealer, hands_text) = match value.chars().next() {
        Some(c) if c.is_ascii_digit() => {
            let seat = match c {
                '1' => Seat::South,
                '2' => Seat::West,
                '3' => Seat::North,
                '4' => Seat::East,
                _ => return Err(LinError::BadDealer(c)),
            };
            (Some(seat), &value[1..])
        }
        _ => (None, value),
    };
    let parts: Vec<&str> = hands_text.split(',').collect();
    let given = parts.iter().filter(|p| !p.trim().is_empty()).count();
    if parts.len() > 4 || given < 3 {
        return Err(LinError::WrongHandCount(given));
    }
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    let mut all = Hand::EMPTY;
    for (&seat, part) in MD_SEATS.iter().zip(&parts) {
        let mut suit: Option<Suit> = None;
        let mut chars = part.trim().chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_whitespace() {
                continue;
            }
            if let Some(s) = Suit::from_letter(ch.to_ascii_uppercase()) {
                suit = Some(s);
                continue;
            }
            // `10` for the ten, as some programs write it.
            let rank = if ch == '1' && chars.peek() == Some(&'0') {
                chars.next();
                Rank::from_letter('T')
            } else {
                Rank::from_letter(ch)
            };
            let (Some(s), Some(r)) = (suit, rank) else {
                return Err(LinError::BadCharacter { seat, ch });
            };
            let card = Card::new(s, r);
            if all.contains(card) {
                return Err(LinError::RepeatedCard { card });
            }
            all.insert(card);
            hands[seat].insert(card);
        }
    }
    if given == 3 {
        let missing = MD_SEATS
            .into_iter()
            .zip(parts.iter().map(|p| p.trim().is_empty()).chain([true]))
            .find_map(|(seat, empty)| empty.then_some(seat));
        let lengths: Vec<u32> = MD_SEATS
            .iter()
            .map(|&s| hands[s].len())
            .filter(|&l| l > 0)
            .collect();
        if let (Some(seat), Some(&len)) = (missing, lengths.first()) {
            // Only a full hand's worth (as long as the others) is deduced.
            if lengths.iter().all(|&l| l == len) && len == 13 {
                hands[seat] = Hand(Hand::ALL.0 & !all.0);
            }
        }
    }
    Ok(LinDeal {
        deal: Deal::new(hands)?,
        dealer,
    })
}

/// Reads an `sv|` value: `o`, `0` or `-` none, `n` NS, `e` EW, `b` both (either case).
pub fn parse_vulnerability(value: &str) -> Result<Vulnerability, LinError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "o" | "0" | "-" | "" => Ok(Vulnerability::None),
        "n" => Ok(Vulnerability::NorthSouth),
        "e" => Ok(Vulnerability::EastWest),
        "b" => Ok(Vulnerability::Both),
        _ => Err(LinError::BadVulnerability(value.to_string())),
    }
}

/// Does `text` hold a LIN deal (an `md|` field)?
pub fn has_deal(text: &str) -> bool {
    pairs(ddsolve_cards::without_bom(text)).any(|(key, _)| key == "md")
}

/// The boards of a LIN text (a leading byte-order mark skipped), one per `md|` field, in
/// order. The fields of a board are its `md|` and the `sv|`, `ah|` and `qx|` around it,
/// before or after: a board ends where the next one starts, at a `qx|` (BBO writes it
/// first) or at a second `md|`, `sv|` or `ah|`. So `sv|` gives the vulnerability of the
/// deal it belongs to wherever it stands, and an `sv|` that is not a vulnerability makes
/// that board an error naming it. The board number is `qx|`'s, else `ah|`'s.
///
/// ```
/// use ddsolve_cards::Vulnerability;
/// use ddsolve_formats::lin;
///
/// let text = "qx|o7|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|mb|p|";
/// let boards = lin::boards(text);
/// let b = boards[0].as_ref().unwrap();
/// assert_eq!(b.board, Some(7));
/// assert_eq!(b.vulnerability, Some(Vulnerability::EastWest));
///
/// // The vulnerability before the deal is the deal's too.
/// let text = "qx|o8|sv|b|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|";
/// assert_eq!(lin::boards(text)[0].as_ref().unwrap().vulnerability, Some(Vulnerability::Both));
/// ```
pub fn boards(text: &str) -> Vec<Result<LinBoard, LinError>> {
    let mut out = Vec::new();
    let mut board = BoardFields::default();
    for (key, value) in pairs(ddsolve_cards::without_bom(text)) {
        let starts_another = match key.as_str() {
            "qx" => !board.is_empty(),
            "md" => board.md.is_some(),
            "sv" => board.sv.is_some(),
            "ah" => board.ah.is_some(),
            _ => false,
        };
        if starts_another {
            out.extend(std::mem::take(&mut board).finish());
        }
        match key.as_str() {
            "qx" => board.qx = Some(value),
            "md" => board.md = Some(value),
            "sv" => board.sv = Some(value),
            "ah" => board.ah = Some(value),
            _ => {}
        }
    }
    out.extend(board.finish());
    out
}

/// The fields of one board of a LIN text, as [`boards`] groups them.
#[derive(Default)]
struct BoardFields<'a> {
    qx: Option<&'a str>,
    md: Option<&'a str>,
    sv: Option<&'a str>,
    ah: Option<&'a str>,
}

impl BoardFields<'_> {
    fn is_empty(&self) -> bool {
        self.qx.is_none() && self.md.is_none() && self.sv.is_none() && self.ah.is_none()
    }

    /// The board, if it has a deal: its deal's error first, then its vulnerability's.
    fn finish(self) -> Option<Result<LinBoard, LinError>> {
        let md = self.md?;
        Some(parse_md(md).and_then(|deal| {
            Ok(LinBoard {
                board: self.qx.and_then(number_in).or(self.ah.and_then(number_in)),
                deal,
                vulnerability: self.sv.map(parse_vulnerability).transpose()?,
            })
        }))
    }
}

/// The first number in `s` (`Board 12` → 12, `o12` → 12).
fn number_in(s: &str) -> Option<u32> {
    let digits: String = s
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The `key|value|` pairs of a LIN text, keys trimmed and in lower case.
fn pairs(text: &str) -> impl Iterator<Item = (String, &str)> {
    let mut fields = text.split('|');
    std::iter::from_fn(move || {
        let key = fields.next()?;
        let value = fields.next().unwrap_or("");
        Some((key.trim().to_ascii_lowercase(), value))
    })
}
