//! [`TrickStart`]: a position at the start of a trick, as the search hands it to a table.

use ddsolve_cards::{Hand, Position, Seat, SeatMap, Strain};

/// A position at the start of a trick, the view of it every table call gets: the cards
/// still in the hands, the trumps, the hand on lead and the tricks left. A table derives its
/// own key from it ([`crate::TranspositionTable::key`]).
///
/// Small and `Copy` (the hands by value): the search builds one per trick-start node it
/// asks the table about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickStart {
    hands: SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
}

impl TrickStart {
    /// The position with `hands` (every hand holding as many cards: no trick in progress),
    /// `trump` and `leader` on lead. The search guarantees the equal lengths and this does
    /// not check them in a release build (a debug build asserts them);
    /// [`TrickStart::from_position`] checks.
    #[inline]
    pub fn new(hands: SeatMap<Hand>, trump: Strain, leader: Seat) -> TrickStart {
        debug_assert!(
            hands.0.iter().all(|h| h.len() == hands[leader].len()),
            "a trick start has as many cards in every hand: {hands:?}"
        );
        TrickStart {
            hands,
            trump,
            leader,
        }
    }

    /// The view of `pos`, or `None` when a trick is in progress (a table stores only
    /// positions at the start of a trick).
    pub fn from_position(pos: &Position) -> Option<TrickStart> {
        pos.trick()
            .is_empty()
            .then(|| TrickStart::new(*pos.hands(), pos.trump(), pos.leader()))
    }

    /// The cards still in the hands.
    #[inline]
    pub fn hands(&self) -> &SeatMap<Hand> {
        &self.hands
    }

    /// The trumps.
    #[inline]
    pub fn trump(&self) -> Strain {
        self.trump
    }

    /// The hand on lead.
    #[inline]
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The tricks left to play (the cards in each hand).
    #[inline]
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.leader].len() as u8
    }

    /// Every card still in the hands.
    #[inline]
    pub fn remaining(&self) -> Hand {
        let h = &self.hands.0;
        h[0] | h[1] | h[2] | h[3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Card, Deal};

    #[test]
    fn a_position_in_mid_trick_is_no_trick_start() {
        let deal: Deal = "N:AK... QJ... T9... 87...".parse().unwrap();
        let mut pos = Position::new(deal, Strain::NoTrump, Seat::North);
        let at = TrickStart::from_position(&pos).expect("a trick start");
        assert_eq!(at.tricks_left(), 2);
        assert_eq!(at.leader(), Seat::North);
        assert_eq!(at.remaining().len(), 8);
        pos.play(Card::parse("SA").unwrap()).unwrap();
        assert_eq!(TrickStart::from_position(&pos), None);
    }
}
