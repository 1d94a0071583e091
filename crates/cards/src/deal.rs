//! Deals, PBN deal strings and seeded random deals.

use crate::{Card, Hand, Holding, Rank, Seat, SeatMap, Suit};
use std::fmt;
use thiserror::Error;

/// Why a set of four hands is not a deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// A card appears in two hands.
    #[error("card {card} is in both {first} and {second}")]
    DuplicateCard {
        /// The card.
        card: Card,
        /// The first hand holding it.
        first: Seat,
        /// The second hand holding it.
        second: Seat,
    },
    /// A hand has more than 13 cards.
    #[error("{seat} has {len} cards; a hand holds at most 13")]
    TooManyCards {
        /// The hand.
        seat: Seat,
        /// Its length.
        len: u32,
    },
    /// The hands do not all have the same number of cards.
    #[error("hands have unequal lengths (N {}, E {}, S {}, W {}); every hand must hold the same number of cards", .lengths[0], .lengths[1], .lengths[2], .lengths[3])]
    UnequalLengths {
        /// Lengths of N, E, S, W.
        lengths: [u32; 4],
    },
    /// No cards at all.
    #[error("the deal has no cards")]
    Empty,
    /// A hand has a bit set that is no card (a [`Hand`] is a raw `u64`; ranks are bits 2..=14
    /// of each 16-bit suit).
    #[error(
        "{seat}'s hand has bit {bit} set, which is not a card (ranks are bits 2..=14 of each suit)"
    )]
    NotACard {
        /// The hand.
        seat: Seat,
        /// The lowest offending bit, 0..=63.
        bit: u32,
    },
}

/// Why a PBN deal string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PbnError {
    /// The string does not start with a seat letter and a colon.
    #[error("deals start with the first seat, e.g. N:... (a seat letter and a colon, then the four hands clockwise); found {0:?}")]
    MissingFirstSeat(String),
    /// Not four hands.
    #[error("a PBN deal has 4 hands separated by spaces; found {0}")]
    WrongHandCount(usize),
    /// A hand without exactly four suits.
    #[error("hand {seat} must have 4 suits separated by dots; found {count}")]
    WrongSuitCount {
        /// The hand.
        seat: Seat,
        /// Number of suits found.
        count: usize,
    },
    /// A character that is not a rank.
    #[error("hand {seat}, {suit}: {ch:?} is not a rank (use 2-9, T or 10, J, Q, K, A; nothing or - for a void)")]
    BadRank {
        /// The hand.
        seat: Seat,
        /// The suit.
        suit: Suit,
        /// The character.
        ch: char,
    },
    /// A rank written twice in one suit of one hand.
    #[error("hand {seat} lists {card} twice")]
    RepeatedCard {
        /// The hand.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card that could not be read (`SA`, `HT`, ...).
    #[error("{0:?} is not a card (write suit then rank, like SA or HT)")]
    BadCard(String),
    /// The hands parse but do not make a deal.
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// Four hands that make a deal: no card twice, every hand the same length (1 to 13).
///
/// A full deal has 13 cards a hand; a partial deal (an ending) fewer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Deal {
    hands: SeatMap<Hand>,
}

/// Checks that hands hold only real cards, are disjoint and at most 13 long. Shared by deals and
/// mid-trick positions.
pub(crate) fn check_disjoint(hands: &SeatMap<Hand>) -> Result<(), DealError> {
    for (seat, h) in hands.iter() {
        let stray = h.0 & !Hand::ALL.0;
        if stray != 0 {
            return Err(DealError::NotACard {
                seat,
                bit: stray.trailing_zeros(),
            });
        }
    }
    for (seat, h) in hands.iter() {
        if h.len() > 13 {
            return Err(DealError::TooManyCards { seat, len: h.len() });
        }
    }
    for a in 0..4 {
        for b in a + 1..4 {
            let both = hands.0[a] & hands.0[b];
            if let Some(card) = both.iter().next() {
                return Err(DealError::DuplicateCard {
                    card,
                    first: Seat::ALL[a],
                    second: Seat::ALL[b],
                });
            }
        }
    }
    Ok(())
}

impl Deal {
    /// Checks and builds a deal.
    ///
    /// ```
    /// use ddsolve_cards::{Deal, Hand, SeatMap};
    /// let err = Deal::new(SeatMap([Hand::ALL, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]));
    /// assert!(err.is_err());
    /// ```
    pub fn new(hands: SeatMap<Hand>) -> Result<Deal, DealError> {
        check_disjoint(&hands)?;
        let lengths = hands.0.map(|h| h.len());
        if lengths.iter().any(|&l| l != lengths[0]) {
            return Err(DealError::UnequalLengths { lengths });
        }
        if lengths[0] == 0 {
            return Err(DealError::Empty);
        }
        Ok(Deal { hands })
    }

    /// The four hands.
    #[inline]
    pub const fn hands(&self) -> &SeatMap<Hand> {
        &self.hands
    }

    /// The hand of `seat`.
    #[inline]
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    /// Cards in each hand (1..=13).
    #[inline]
    pub fn cards_per_hand(&self) -> u32 {
        self.hands[Seat::North].len()
    }

    /// Who holds `card`, if anyone.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&s| self.hands[s].contains(card))
    }

    /// Parses a PBN deal string such as
    /// `N:AKQ2.JT9.876.54 J9.Q8765.432.AKQ T876.AK.KQ.J9876 543.432.AJT95.T32`.
    ///
    /// Any first seat; `T` or `10` for the ten; voids as empty suits (`..`) or `-`; ranks
    /// in either case; a leading UTF-8 byte-order mark skipped ([`crate::without_bom`]);
    /// `-` for a missing hand is not accepted (every hand must be given).
    ///
    /// ```
    /// use ddsolve_cards::{Deal, Seat};
    /// let d: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// assert_eq!(d.hand(Seat::West).to_string(), "AT942.AQ4.32.KJ3");
    /// assert_eq!(d.to_string().parse::<Deal>()?, d);
    /// # Ok::<(), ddsolve_cards::PbnError>(())
    /// ```
    pub fn from_pbn(s: &str) -> Result<Deal, PbnError> {
        Ok(Deal::new(parse_pbn_hands(s)?)?)
    }

    /// The deal as a PBN string, North first.
    pub fn to_pbn(&self) -> String {
        self.to_string()
    }
}

impl std::str::FromStr for Deal {
    type Err = PbnError;
    fn from_str(s: &str) -> Result<Deal, PbnError> {
        Deal::from_pbn(s)
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_pbn_hands(f, &self.hands)
    }
}

/// Writes four hands as a PBN deal, North first.
pub(crate) fn write_pbn_hands(f: &mut fmt::Formatter<'_>, hands: &SeatMap<Hand>) -> fmt::Result {
    write!(
        f,
        "N:{} {} {} {}",
        hands[Seat::North],
        hands[Seat::East],
        hands[Seat::South],
        hands[Seat::West]
    )
}

/// Parses the four hands of a PBN deal string, checking each hand's syntax, that no card is
/// given twice and that no hand exceeds 13 cards, but not that the hands have equal lengths
/// (positions in mid-trick have unequal hands).
///
/// The one reader of deal text in ddsolve: a leading byte-order mark is skipped, `10` is
/// the ten and a suit written `-` is a void, so every front end reads the same deals.
///
/// ```
/// use ddsolve_cards::{parse_pbn_hands, Seat};
///
/// let hands = parse_pbn_hands("\u{feff}N:AKQJ1098765432.-.-.- -.AKQJT98765432.-.- ..AKQJT98765432. ...AKQJT98765432")?;
/// assert_eq!(hands[Seat::North].len(), 13);
/// assert!(parse_pbn_hands("AKQ... ... ... ...").unwrap_err().to_string().contains("e.g. N:"));
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
pub fn parse_pbn_hands(s: &str) -> Result<SeatMap<Hand>, PbnError> {
    let s = crate::without_bom(s.trim_start()).trim();
    let s = s
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(s);
    let mut chars = s.chars();
    let first = match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), Some(':')) => seat,
        _ => return Err(PbnError::MissingFirstSeat(s.chars().take(2).collect())),
    };
    let body = chars.as_str();
    let parts: Vec<&str> = body.split_whitespace().collect();
    if parts.len() != 4 {
        return Err(PbnError::WrongHandCount(parts.len()));
    }
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    for (i, part) in parts.iter().enumerate() {
        let seat = first.offset(i);
        let suits: Vec<&str> = part.split('.').collect();
        if suits.len() != 4 {
            return Err(PbnError::WrongSuitCount {
                seat,
                count: suits.len(),
            });
        }
        let mut holdings = [Holding::EMPTY; 4];
        for (suit, text) in Suit::ALL.into_iter().zip(suits) {
            // `-` alone is a void, as other programs write it.
            let text = if text == "-" { "" } else { text };
            let mut chars = text.chars().peekable();
            while let Some(ch) = chars.next() {
                let rank = match ch {
                    '1' if chars.next_if_eq(&'0').is_some() => Some(Rank::TEN),
                    _ => Rank::from_letter(ch),
                };
                let rank = rank.ok_or(PbnError::BadRank { seat, suit, ch })?;
                let h = &mut holdings[suit.index()];
                if h.contains(rank) {
                    return Err(PbnError::RepeatedCard {
                        seat,
                        card: Card::new(suit, rank),
                    });
                }
                *h |= Holding::single(rank);
            }
        }
        hands[seat] = Hand::from_holdings(holdings);
    }
    check_disjoint(&hands)?;
    Ok(hands)
}

/// A small, fast, seedable random source (SplitMix64) for reproducible random deals.
///
/// The same seed always gives the same sequence on every platform.
#[derive(Clone, Debug)]
pub struct DealRng(u64);

impl DealRng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> DealRng {
        DealRng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "DealRng::below(0)");
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A uniformly random full deal (a Fisher-Yates shuffle of the pack).
    pub fn deal(&mut self) -> Deal {
        self.partial_deal(13)
    }

    /// A uniformly random ending of `cards_per_hand` cards a hand (1..=13): a uniform choice
    /// of `4 * cards_per_hand` cards from the pack, dealt at random.
    ///
    /// # Panics
    /// If `cards_per_hand` is not in 1..=13.
    pub fn partial_deal(&mut self, cards_per_hand: u32) -> Deal {
        assert!(
            (1..=13).contains(&cards_per_hand),
            "cards per hand must be 1..=13"
        );
        let mut pack: Vec<Card> = Hand::ALL.iter().collect();
        for i in (1..pack.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            pack.swap(i, j);
        }
        let n = cards_per_hand as usize;
        let hands = SeatMap::from_fn(|s| {
            pack[s.index() * n..(s.index() + 1) * n]
                .iter()
                .copied()
                .collect()
        });
        Deal::new(hands).expect("a shuffled pack deals a valid deal")
    }

    /// About half the pack (a quarter when `sparse`) dealt at random to four hands, with no
    /// rule on the hands' lengths: not a deal, but the cards left in the hands in the middle
    /// of play, where suits held by one hand or by none come up. For tests of functions of
    /// the cards alone (the tables' patterns, the estimators).
    pub fn scattered_hands(&mut self, sparse: bool) -> SeatMap<Hand> {
        let mut live = self.next_u64() & Hand::ALL.0;
        if sparse {
            live &= self.next_u64();
        }
        let mut owner = self.next_u64();
        let mut hands = SeatMap([Hand::EMPTY; 4]);
        for bit in 0..64 {
            if live >> bit & 1 != 0 {
                hands.0[(owner & 3) as usize].0 |= 1 << bit;
                owner = owner.rotate_right(2);
            }
        }
        hands
    }
}

/// A diagram of four hands, for people.
pub fn diagram(hands: &SeatMap<Hand>) -> String {
    let lines = |h: Hand| -> [String; 4] {
        Suit::ALL.map(|s| {
            let hold = h.suit(s);
            format!(
                "{} {}",
                s.letter(),
                if hold.is_empty() {
                    "-".to_string()
                } else {
                    hold.to_string()
                }
            )
        })
    };
    let n = lines(hands[Seat::North]);
    let e = lines(hands[Seat::East]);
    let s = lines(hands[Seat::South]);
    let w = lines(hands[Seat::West]);
    let mut out = String::new();
    for l in &n {
        out.push_str(&format!("{:20}{l}\n", ""));
    }
    for i in 0..4 {
        out.push_str(&format!("{:40}{}\n", w[i], e[i]));
    }
    for l in &s {
        out.push_str(&format!("{:20}{l}\n", ""));
    }
    out
}
