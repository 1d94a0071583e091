//! The layout of a trick start: the four hands seen from the leader's seat, with the facts
//! every estimator at a trick start reads (the cards still out, the suits whose top card
//! the leader's side holds), worked out once and shared by [`Layout::quick_tricks_for`],
//! [`Layout::later_tricks_for`] and [`Layout::trump_honour_trick`].

use crate::estimate::{clockwise, tops_held};
use ddsolve_cards::{Hand, Seat, SeatMap, Strain, Suit};

/// The hands at the start of a trick, clockwise from the leader, and what the estimators
/// derive from them all alike. Building it costs a few instructions; each estimator then
/// starts from it rather than from the raw hands.
///
/// ```
/// use ddsolve_cards::{Deal, Seat, Strain};
/// use ddsolve_prune::{quick_tricks, Layout};
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let layout = Layout::new(deal.hands(), Strain::NoTrump, Seat::North);
/// // A count for a search that needs 5 tricks: the same as the full count once it
/// // reaches them.
/// let full = quick_tricks(deal.hands(), Strain::NoTrump, Seat::North);
/// assert_eq!(layout.quick_tricks_for(5), full);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The leader's hand.
    pub(crate) leader: Hand,
    /// The leader's left-hand opponent.
    pub(crate) lho: Hand,
    /// The leader's partner.
    pub(crate) partner: Hand,
    /// The leader's right-hand opponent.
    pub(crate) rho: Hand,
    /// Every card still out.
    pub(crate) all: Hand,
    /// The trump suit (none in notrump).
    pub(crate) trump: Option<Suit>,
    /// The suits whose top card the leader's side holds, bit `16 s + 15` set for suit `s`
    /// (see `estimate.rs`).
    pub(crate) side_top: u64,
}

impl Layout {
    /// The layout of `hands` at the start of a trick that `leader` leads, `trump` trumps.
    #[inline]
    pub fn new(hands: &SeatMap<Hand>, trump: Strain, leader: Seat) -> Layout {
        let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
        Layout::with_cards_out(hands, all, trump, leader)
    }

    /// [`Layout::new`] for a caller that already knows `all`, every card of `hands` (a
    /// search keeps it from one trick to the next).
    #[inline]
    pub fn with_cards_out(hands: &SeatMap<Hand>, all: Hand, trump: Strain, leader: Seat) -> Layout {
        debug_assert_eq!(all, hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]);
        let [l, lho, p, rho] = clockwise(hands, leader);
        Layout {
            leader: l,
            lho,
            partner: p,
            rho,
            all,
            trump: trump.trump(),
            side_top: tops_held(l | p, all),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::DealRng;

    /// The layout holds the hands clockwise from the leader and the suits the side tops.
    #[test]
    fn layout_reads_the_hands_from_the_leader() {
        let mut rng = DealRng::new(0x1a70_u64);
        for _ in 0..1000 {
            let deal = rng.deal();
            let hands = deal.hands();
            for leader in Seat::ALL {
                let lay = Layout::new(hands, Strain::Hearts, leader);
                let same = Layout::with_cards_out(hands, Hand::ALL, Strain::Hearts, leader);
                assert_eq!(format!("{lay:?}"), format!("{same:?}"));
                assert_eq!(lay.leader, hands[leader]);
                assert_eq!(lay.lho, hands[leader.next()]);
                assert_eq!(lay.partner, hands[leader.partner()]);
                assert_eq!(lay.rho, hands[leader.next().partner()]);
                assert_eq!(lay.all, Hand::ALL);
                assert_eq!(lay.trump, Some(Suit::Hearts));
                for s in Suit::ALL {
                    let ours = (hands[leader] | hands[leader.partner()]).suit(s);
                    let top = Hand::ALL.suit(s).highest().expect("a full deal");
                    let bit = lay.side_top >> (16 * s.index() + 15) & 1 == 1;
                    assert_eq!(bit, ours.contains(top), "{s:?}");
                }
            }
        }
    }
}
