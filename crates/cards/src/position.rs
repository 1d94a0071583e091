//! The play state: remaining hands, trumps, the trick in progress, tricks won; play and undo.

use crate::deal::{check_disjoint, write_pbn_hands};
use crate::{Card, Deal, DealError, Hand, Seat, SeatMap, Side, Strain, Suit};
use arrayvec::ArrayVec;
use std::fmt;
use thiserror::Error;

/// Why a position cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The hands do not make a valid set of cards.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// More than three cards given as already played to the current trick.
    #[error("{0} cards given as played to the current trick; at most 3 can be")]
    TooManyPlayed(usize),
    /// A card given as played is still in a hand.
    #[error("card {card} is given as played to the trick but is still in {seat}'s hand")]
    PlayedCardInHand {
        /// The card.
        card: Card,
        /// The hand still holding it.
        seat: Seat,
    },
    /// A card given twice as played to the trick.
    #[error("card {0} is given twice as played to the trick")]
    PlayedTwice(Card),
    /// A player did not follow suit though their hand still holds the suit led.
    #[error("{seat} played {card} to a {led} lead but still holds {led}: a revoke")]
    Revoke {
        /// The player.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The suit led.
        led: Suit,
    },
    /// The hand lengths do not fit the cards already played to the trick (with none played:
    /// hands of unequal length, said as plainly as a deal's [`crate::DealError`] says it).
    #[error("{}", lengths_message(.lengths, *.leader, *.played))]
    LengthsDoNotFitTrick {
        /// Lengths of N, E, S, W.
        lengths: [u32; 4],
        /// The leader of the trick.
        leader: Seat,
        /// Cards played to the trick.
        played: usize,
    },
    /// Nothing left to play.
    #[error("no cards left to play")]
    Empty,
}

/// Why a card cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The player to move does not hold the card.
    #[error("{seat} is to play and does not hold {card}")]
    NotHeld {
        /// The player to move.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The card does not follow suit while the player can.
    #[error("{seat} must follow {led}; {card} is a revoke")]
    MustFollow {
        /// The player to move.
        seat: Seat,
        /// The card.
        card: Card,
        /// The suit led.
        led: Suit,
    },
    /// The deal is played out.
    #[error("no cards left to play")]
    Finished,
}

/// The index (0..=3, in order of play) of the card that wins a complete trick.
#[inline]
pub fn trick_winner_index(cards: &[Card; 4], trump: Strain) -> usize {
    trick_winner_so_far(cards, trump)
}

/// The index, in order of play, of the card winning the cards played to a trick so far (0
/// when none has been played).
#[inline]
pub fn trick_winner_so_far(played: &[Card], trump: Strain) -> usize {
    let mut best = 0;
    for (i, &c) in played.iter().enumerate().skip(1) {
        if overtakes(c, played[best], trump) {
            best = i;
        }
    }
    best
}

/// Whether `card` beats `winning`, the card winning a trick so far (which is of the suit led
/// or a trump): it is higher in the same suit, or a trump over a card that is not. Cheaper
/// than [`beats`], which also compares discards.
#[inline]
pub fn overtakes(card: Card, winning: Card, trump: Strain) -> bool {
    if card.suit() == winning.suit() {
        card.rank() > winning.rank()
    } else {
        trump.trump() == Some(card.suit())
    }
}

/// Whether `a` beats `b` in a trick where `led` was led.
#[inline]
pub fn beats(a: Card, b: Card, led: Suit, trump: Strain) -> bool {
    trick_score(a, led, trump) > trick_score(b, led, trump)
}

/// A card's strength in a trick where `led` was led: 32 + rank for a trump, 16 + rank for
/// the suit led, 0 for a discard. (`trump` is 4 in notrump, which no suit index equals.)
#[inline]
pub fn trick_score(c: Card, led: Suit, trump: Strain) -> u8 {
    let s = c.suit() as u8;
    let is_trump = u8::from(s == trump as u8);
    let is_led = u8::from(s == led as u8);
    (is_trump << 5 | is_led << 4) + c.rank().get() * (is_trump | is_led)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct DoneTrick {
    leader: Seat,
    cards: [Card; 4],
    winner: Seat,
}

/// The state of play: the cards left in each hand, the trump strain, the leader and the cards
/// of the trick in progress, and the tricks each side has won since the position was built.
///
/// `play` and `undo` restore the exact state.
///
/// ```
/// use ddsolve_cards::{Card, Deal, Position, Seat, Strain};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let mut pos = Position::new(deal, Strain::NoTrump, Seat::East);
/// let before = pos.clone();
/// pos.play(Card::parse("C4")?)?;
/// assert_eq!(pos.to_play(), Seat::South);
/// pos.undo();
/// assert_eq!(pos, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    hands: SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
    trick: ArrayVec<Card, 4>,
    won: [u8; 2],
    history: ArrayVec<DoneTrick, 13>,
}

impl Position {
    /// The position at the start of play of `deal`, `leader` to lead.
    pub fn new(deal: Deal, trump: Strain, leader: Seat) -> Position {
        Position {
            hands: *deal.hands(),
            trump,
            leader,
            trick: ArrayVec::new(),
            won: [0, 0],
            history: ArrayVec::new(),
        }
    }

    /// A position in mid-trick: `hands` are the cards not yet played (DDS's convention), and
    /// `played` the cards already played to the current trick, the leader's first.
    ///
    /// Checks everything: no card twice, hand lengths that fit the trick (the hands that have
    /// played hold one card fewer), and that nobody revoked (a hand that did not follow suit
    /// must be void in the suit led).
    pub fn with_trick(
        hands: SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        played: &[Card],
    ) -> Result<Position, PositionError> {
        check_disjoint(&hands)?;
        if played.len() > 3 {
            return Err(PositionError::TooManyPlayed(played.len()));
        }
        for (i, &card) in played.iter().enumerate() {
            if played[..i].contains(&card) {
                return Err(PositionError::PlayedTwice(card));
            }
            if let Some(seat) = Seat::ALL.into_iter().find(|&s| hands[s].contains(card)) {
                return Err(PositionError::PlayedCardInHand { card, seat });
            }
        }
        let lengths = hands.0.map(|h| h.len());
        let n = lengths[leader.index()] + u32::from(!played.is_empty());
        let fits = (0..4).all(|i| {
            let seat = leader.offset(i);
            lengths[seat.index()] + u32::from(i < played.len()) == n
        });
        if !fits || n == 0 {
            if n == 0 && fits {
                return Err(PositionError::Empty);
            }
            return Err(PositionError::LengthsDoNotFitTrick {
                lengths,
                leader,
                played: played.len(),
            });
        }
        if let Some(&lead) = played.first() {
            let led = lead.suit();
            for (i, &card) in played.iter().enumerate().skip(1) {
                let seat = leader.offset(i);
                if card.suit() != led && !hands[seat].suit(led).is_empty() {
                    return Err(PositionError::Revoke { seat, card, led });
                }
            }
        }
        Ok(Position {
            hands,
            trump,
            leader,
            trick: played.iter().copied().collect(),
            won: [0, 0],
            history: ArrayVec::new(),
        })
    }

    /// The cards left in each hand (not counting cards played to the current trick).
    #[inline]
    pub fn hands(&self) -> &SeatMap<Hand> {
        &self.hands
    }

    /// The cards left in `seat`'s hand.
    #[inline]
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    /// The trump strain.
    #[inline]
    pub fn trump(&self) -> Strain {
        self.trump
    }

    /// The leader of the current trick.
    #[inline]
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played to the current trick, the leader's first.
    #[inline]
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    /// The hand to play next.
    #[inline]
    pub fn to_play(&self) -> Seat {
        self.leader.offset(self.trick.len())
    }

    /// Tricks won by `side` since this position was built.
    #[inline]
    pub fn tricks_won(&self, side: Side) -> u32 {
        u32::from(self.won[side.index()])
    }

    /// Cards still in the hands (excluding the current trick).
    #[inline]
    pub fn remaining(&self) -> Hand {
        self.hands.0[0] | self.hands.0[1] | self.hands.0[2] | self.hands.0[3]
    }

    /// Tricks still to be completed, the current one included.
    #[inline]
    pub fn tricks_left(&self) -> u32 {
        (self.remaining().len() + self.trick.len() as u32).div_ceil(4)
    }

    /// Has every card been played?
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.remaining().is_empty()
    }

    /// The suit led to the current trick, if a card has been led.
    #[inline]
    pub fn led_suit(&self) -> Option<Suit> {
        self.trick.first().map(|c| c.suit())
    }

    /// The cards the hand to play may legally play: the suit led if it has any, else anything.
    #[inline]
    pub fn legal_cards(&self) -> Hand {
        let hand = self.hands[self.to_play()];
        match self.led_suit() {
            Some(led) if !hand.suit(led).is_empty() => hand.only_suit(led),
            _ => hand,
        }
    }

    /// Plays a card, checking that it is legal.
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        if self.is_finished() {
            return Err(PlayError::Finished);
        }
        let seat = self.to_play();
        if !self.hands[seat].contains(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        if !self.legal_cards().contains(card) {
            let led = self.led_suit().unwrap_or(card.suit());
            return Err(PlayError::MustFollow { seat, card, led });
        }
        self.play_unchecked(card);
        Ok(())
    }

    /// Plays a card known to be legal (checked only in debug builds).
    #[inline]
    pub fn play_unchecked(&mut self, card: Card) {
        debug_assert!(self.legal_cards().contains(card), "illegal card {card}");
        let seat = self.to_play();
        self.hands[seat].remove(card);
        self.trick.push(card);
        if self.trick.len() == 4 {
            let cards = [self.trick[0], self.trick[1], self.trick[2], self.trick[3]];
            let winner = self.leader.offset(trick_winner_index(&cards, self.trump));
            self.won[winner.side().index()] += 1;
            self.history.push(DoneTrick {
                leader: self.leader,
                cards,
                winner,
            });
            self.trick.clear();
            self.leader = winner;
        }
    }

    /// Takes back the last card played, returning it; `None` if no card was played since the
    /// position was built (cards given as played to its first trick can be taken back too).
    pub fn undo(&mut self) -> Option<Card> {
        if self.trick.is_empty() {
            let done = self.history.pop()?;
            self.won[done.winner.side().index()] -= 1;
            self.leader = done.leader;
            self.trick = done.cards.into_iter().collect();
        }
        let card = self.trick.pop()?;
        let seat = self.leader.offset(self.trick.len());
        self.hands[seat].insert(card);
        Some(card)
    }

    /// The winner of the last completed trick since the position was built.
    pub fn last_trick_winner(&self) -> Option<Seat> {
        self.history.last().map(|t| t.winner)
    }

    /// The remaining cards as a PBN deal string (mid-trick positions have unequal hands).
    pub fn remaining_pbn(&self) -> String {
        struct P<'a>(&'a SeatMap<Hand>);
        impl fmt::Display for P<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_pbn_hands(f, self.0)
            }
        }
        P(&self.hands).to_string()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {{ {} trump {} leader {} trick {:?} won NS {} EW {} }}",
            self.remaining_pbn(),
            self.trump,
            self.leader,
            self.trick.as_slice(),
            self.won[0],
            self.won[1]
        )
    }
}

/// The message of [`PositionError::LengthsDoNotFitTrick`].
fn lengths_message(lengths: &[u32; 4], leader: Seat, played: usize) -> String {
    let [n, e, s, w] = *lengths;
    if played == 0 {
        return format!(
            "hands have unequal lengths (N {n}, E {e}, S {s}, W {w}); with no card played to \
             the trick every hand must hold the same number of cards (cards already played to \
             the trick are given apart from the deal)"
        );
    }
    format!(
        "hand lengths N {n}, E {e}, S {s}, W {w} do not fit {played} card(s) played to the \
         trick by {leader} and the following hands"
    )
}
