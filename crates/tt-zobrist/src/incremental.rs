//! Incremental Zobrist keys behind an interface that hands over whole positions.
//!
//! The [`ddsolve_tt::TranspositionTable`] trait asks for the key of a position from its
//! hands, not from the card just played, so the table cannot be told "this card left that
//! hand". It can recognise it instead: the search asks at trick starts, depth first, so the
//! position keyed with `t` tricks left is, almost always, the one last keyed with `t + 1`
//! tricks left minus one card of each hand (its child), or the one last keyed with `t`
//! tricks left (the same position asked about again, as when enhanced transposition
//! cutoffs looked at it first; a sibling after taking a trick back differs from it). Per
//! tricks left this remembers the last position and its key; a key is then the parent's key
//! with the four played cards and the leader toggled (five exclusive-ors) or the same key
//! again, and computed from scratch only when neither fits.

use crate::keys::ZobristKeys;
use ddsolve_cards::{Hand, Seat, SeatMap};

/// The last position seen with some number of tricks left, and its key.
#[derive(Clone, Copy, Debug)]
struct Slot {
    hands: SeatMap<Hand>,
    leader: Seat,
    key: u64,
}

const EMPTY: Slot = Slot {
    hands: SeatMap([Hand::EMPTY; 4]),
    leader: Seat::North,
    key: 0,
};

/// Per tricks left (1..=13; slot 14 stays empty), the last position keyed; and how many
/// keys were found by each [`Route`].
#[derive(Clone, Debug)]
pub(crate) struct IncrementalKeys {
    slots: [Slot; 15],
    pub routes: [u64; 3],
}

impl Default for IncrementalKeys {
    fn default() -> IncrementalKeys {
        IncrementalKeys {
            slots: [EMPTY; 15],
            routes: [0; 3],
        }
    }
}

/// How a key was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// The same hands as the last position with as many tricks left.
    Same,
    /// The last position with one trick more, minus one card of each hand.
    Child,
    /// Computed from scratch.
    Scratch,
}

impl IncrementalKeys {
    /// The key of `hands` with `leader` on lead and `tl` (1..=13) tricks left, and how it
    /// was found.
    #[inline]
    pub fn key(
        &mut self,
        keys: &ZobristKeys,
        hands: &SeatMap<Hand>,
        leader: Seat,
        tl: usize,
    ) -> (u64, Route) {
        let same = self.slots[tl];
        let (key, route) = if same.hands == *hands {
            (
                same.key ^ keys.leader(same.leader) ^ keys.leader(leader),
                Route::Same,
            )
        } else {
            let parent = &self.slots[tl + 1];
            match played(&parent.hands, hands) {
                Some(cards) => (
                    keys.after_trick(parent.key, &cards, parent.leader, leader),
                    Route::Child,
                ),
                None => (keys.position(hands, leader), Route::Scratch),
            }
        };
        self.slots[tl] = Slot {
            hands: *hands,
            leader,
            key,
        };
        self.routes[route as usize] += 1;
        (key, route)
    }
}

/// If `child` is `parent` minus exactly one card of each hand, those cards per hand.
#[inline]
fn played(parent: &SeatMap<Hand>, child: &SeatMap<Hand>) -> Option<SeatMap<Hand>> {
    let mut out = SeatMap([Hand::EMPTY; 4]);
    for h in 0..4 {
        let (p, c) = (parent.0[h].0, child.0[h].0);
        let gone = p ^ c;
        // c within p, and one card gone.
        if c & !p != 0 || gone.count_ones() != 1 {
            return None;
        }
        out.0[h] = Hand(gone);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Card, DealRng};

    #[test]
    fn every_route_gives_the_key_from_scratch() {
        let keys = ZobristKeys::from_seed(3);
        let mut inc = IncrementalKeys::default();
        let mut rng = DealRng::new(11);
        let mut routes = [0usize; 3];
        for _ in 0..200 {
            let mut hands = *rng.deal().hands();
            let mut leader = Seat::ALL[rng.below(4) as usize];
            for tl in (1..=13usize).rev() {
                for _ in 0..2 {
                    let (k, route) = inc.key(&keys, &hands, leader, tl);
                    assert_eq!(k, keys.position(&hands, leader));
                    routes[route as usize] += 1;
                    leader = Seat::ALL[rng.below(4) as usize];
                }
                for h in 0..4 {
                    let cards: Vec<Card> = hands.0[h].iter().collect();
                    hands.0[h].remove(cards[rng.below(cards.len() as u64) as usize]);
                }
            }
        }
        // A fresh deal starts from scratch; every later trick is a child, then the same.
        assert_eq!(routes, [200 * 13, 200 * 12, 200]);
        assert_eq!(inc.routes, [200 * 13, 200 * 12, 200]);
    }
}
