//! Predealt cards and dealer's `spades(north)==1` suit-length requests.

use ddsolve_cards::{Card, Hand, Seat, SeatMap, Suit};

/// Why a predeal was refused: dealer's own checks, with dealer's wording in `Display`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PredealError {
    /// The card is already predealt (to this seat or another).
    #[error("Card predealt twice")]
    CardTwice {
        /// The card.
        card: Card,
        /// The seat that holds it already.
        holder: Seat,
    },
    /// The seat holds 13 predealt cards already.
    #[error("More than 13 cards for one player")]
    TooManyCards {
        /// The seat.
        seat: Seat,
        /// The card that did not fit.
        card: Card,
    },
    /// A length for this seat and suit was requested already.
    #[error("{}'s {} suit has length already set to {previous}", seat_name(*seat), suit_name(*suit))]
    LengthTwice {
        /// The seat.
        seat: Seat,
        /// The suit.
        suit: Suit,
        /// The length requested first.
        previous: u8,
    },
    /// The seat's requested lengths add up to more than 13.
    #[error("Suit lengths too long for {}", seat_name(*seat))]
    SeatTooLong {
        /// The seat.
        seat: Seat,
    },
    /// The suit's requested lengths over the four seats add up to more than 13.
    #[error("Too many {}s", suit_name(*suit))]
    SuitTooLong {
        /// The suit.
        suit: Suit,
    },
}

/// dealer's name of a seat: `North`..`West`.
pub fn seat_name(seat: Seat) -> &'static str {
    ["North", "East", "South", "West"][seat.index()]
}

/// dealer's name of a suit in its messages: `Spade`, `Heart`, `Diamond`, `Club`.
pub fn suit_name(suit: Suit) -> &'static str {
    ["Spade", "Heart", "Diamond", "Club"][suit.index()]
}

/// The cards given to seats before dealing (dealer's `predeal north SAK, HQ`), in the order
/// they were given, and the suit lengths requested with dealer's `predeal spades(north)==1`.
///
/// The order of the cards matters to dealer's shuffle (each card takes the seat's next free
/// slot in dealer's pack), so [`crate::gen::Generator`] with [`crate::gen::RngKind::Dealer`]
/// reproduces dealer only when the cards are added in the script's order.
///
/// Debian's dealer checks the suit-length requests but deals as if they were absent; the
/// generators here do the same, and [`Predeal::length_shapes`] gives the requests as shapes
/// for a caller that wants to enforce them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Predeal {
    order: Vec<(Seat, Card)>,
    hands: SeatMap<Hand>,
    lengths: SeatMap<[Option<u8>; 4]>,
}

impl Predeal {
    /// No predealt cards, no length requests.
    pub fn new() -> Predeal {
        Predeal::default()
    }

    /// Gives `card` to `seat`, as dealer does: refused if the card is predealt already or the
    /// seat has 13 predealt cards.
    pub fn add(&mut self, seat: Seat, card: Card) -> Result<(), PredealError> {
        if let Some(holder) = Seat::ALL
            .into_iter()
            .find(|&s| self.hands[s].contains(card))
        {
            return Err(PredealError::CardTwice { card, holder });
        }
        if self.hands[seat].len() >= 13 {
            return Err(PredealError::TooManyCards { seat, card });
        }
        self.hands[seat].insert(card);
        self.order.push((seat, card));
        Ok(())
    }

    /// Requests that `seat` hold exactly `len` cards of `suit` (dealer's
    /// `predeal spades(north)==1`), with dealer's checks: refused if this seat's length in the
    /// suit was requested already, if the seat's requested lengths exceed 13, or if the suit's
    /// requested lengths over all seats exceed 13 (a refused request is not recorded). Like
    /// dealer, it does not check the request against the predealt cards, and the generators
    /// ignore it (see [`Predeal`]).
    pub fn require_length(&mut self, seat: Seat, suit: Suit, len: u8) -> Result<(), PredealError> {
        if let Some(previous) = self.lengths[seat][suit.index()] {
            return Err(PredealError::LengthTwice {
                seat,
                suit,
                previous,
            });
        }
        let seat_total: u32 = self.lengths[seat].iter().flatten().map(|&l| l as u32).sum();
        if seat_total + len as u32 > 13 {
            return Err(PredealError::SeatTooLong { seat });
        }
        let suit_total: u32 = Seat::ALL
            .iter()
            .filter_map(|&s| self.lengths[s][suit.index()])
            .map(|l| l as u32)
            .sum();
        if suit_total + len as u32 > 13 {
            return Err(PredealError::SuitTooLong { suit });
        }
        self.lengths[seat][suit.index()] = Some(len);
        Ok(())
    }

    /// The cards predealt to `seat`.
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    /// The cards predealt to each seat.
    pub fn hands(&self) -> &SeatMap<Hand> {
        &self.hands
    }

    /// All predealt cards.
    pub fn all_cards(&self) -> Hand {
        Hand(self.hands.0.iter().fold(0, |a, h| a | h.0))
    }

    /// The predealt cards in the order they were given, with their seats.
    pub fn cards_in_order(&self) -> &[(Seat, Card)] {
        &self.order
    }

    /// No predealt cards?
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The length of `suit` requested for `seat`, if any.
    pub fn length(&self, seat: Seat, suit: Suit) -> Option<u8> {
        self.lengths[seat][suit.index()]
    }

    /// Any suit-length request at all?
    pub fn has_length_requests(&self) -> bool {
        self.lengths.0.iter().flatten().any(Option::is_some)
    }

    /// The shapes allowed to `seat` by its suit-length requests (every shape when it has
    /// none).
    pub fn length_shapes(&self, seat: Seat) -> crate::gen::ShapeSet {
        crate::gen::ShapeSet::from_pattern(&self.lengths[seat])
    }
}
