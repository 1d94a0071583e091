//! Trump honours that the top trump cannot capture together: one sure trump trick for a
//! side that does not hold the top trump, from the position of its honours (after
//! bridge-solver's "slow trump tricks"; the argument for each rule is below).
//!
//! The side in question takes no trick before the one this file counts, so until then
//! every trick is led by the other side, except the current one when the side is on lead.
//! In such a trick a hand "behind" another plays after it: the leader's partner is behind
//! the leader's left-hand opponent, and the leader behind its right-hand opponent in every
//! trick but the current one; for the other side, the leader's left-hand opponent is
//! behind the leader and the right-hand opponent behind the leader's partner.
//!
//! With A, K, Q the three highest trumps still out:
//! - **Kx behind the A.** A hand holding the K and another trump, behind the hand holding
//!   the A, plays the K whenever it must or may play a trump and the A is not in the
//!   trick (the A's holder has played, so the K wins), and a small trump under the A. It
//!   takes a trick. The leader itself, on lead now, must not have to lead the K: with at
//!   least three cards it leads a side card or a small trump.
//! - **Qxx behind the AK.** The same with the Q and two small trumps behind the hand holding
//!   both the A and the K; the leader needs at least four cards.
//! - **KQ in one hand against the A.** Held by an opponent, the A captures at most one of
//!   the two, and the other is then the top trump, which wins whenever its hand plays it.
//!
//! Each rule rests on the owners of the two or three top trumps and on the hands' trump
//! lengths, which the table's key holds: those trumps are the estimate's winning ranks.

use crate::estimate::{hand_of, highest, Estimate};
use crate::layout::Layout;
use ddsolve_cards::{Hand, Holding, Seat, SeatMap, Strain};

/// One sure trump trick for the side on lead (`ours` true) or for its opponents, at the
/// start of a trick that `leader` leads, from the rules of this file; no trick (and no
/// winning ranks) when none applies or `trump` is notrump.
///
/// The count is a sure trick on its own, not on top of another estimate: the rules assume
/// that the side has taken no trick before it.
///
/// ```
/// use ddsolve_cards::{Deal, Seat, Strain};
/// use ddsolve_prune::trump_honour_trick;
///
/// // East leads. West, his partner, holds the A of spades; North, behind West, holds the K
/// // and a small one: a sure trick for North and South.
/// let deal: Deal = "N:K2.AK.. QJ.QJ.. 54.54.. A3.32..".parse()?;
/// assert_eq!(trump_honour_trick(deal.hands(), Strain::Spades, Seat::East, false).tricks, 1);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
pub fn trump_honour_trick(
    hands: &SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
    ours: bool,
) -> Estimate {
    Layout::new(hands, trump, leader).trump_honour_trick(ours)
}

impl Layout {
    /// [`trump_honour_trick`] of this layout.
    #[inline]
    pub fn trump_honour_trick(&self, ours: bool) -> Estimate {
        honour_trick(self, ours)
    }
}

ddsolve_cards::fast_copy! {
    /// [`Layout::trump_honour_trick`]: out of line, compiled twice (baseline and fast,
    /// `ddsolve_cards::cpu`).
    fn honour_trick / honour_trick_fast(layout: &Layout, ours: bool) -> Estimate {
        let Some(t) = layout.trump else {
            return Estimate::default();
        };
        let [l, lho, p, rho] = [layout.leader, layout.lho, layout.partner, layout.rho].map(|h| h.suit(t));
        let all = layout.all.suit(t);
        if all.len() < 3 {
            return Estimate::default();
        }
        let a = highest(all);
        let k = highest(all - a);
        let q = highest(all - a - k);
        let cards = layout.leader.len();
        // Each hand of the side with the hand it is behind, and whether it is the leader.
        let pairs = if ours {
            [(p, lho, false), (l, rho, true)]
        } else {
            [(lho, l, false), (rho, p, false)]
        };
        // `a`, `k` and `q` are cards (three trumps are out), so a holding holds them when it
        // keeps them all.
        let holds = |h: Holding, c: Holding| h & c == c;
        for (h, over, is_leader) in pairs {
            if holds(h, k) && h.len() >= 2 && holds(over, a) && (!is_leader || cards >= 3) {
                return Estimate {
                    tricks: 1,
                    win: hand_of(t, a | k),
                };
            }
            if holds(h, q) && h.len() >= 3 && holds(over, a | k) && (!is_leader || cards >= 4) {
                return Estimate {
                    tricks: 1,
                    win: hand_of(t, a | k | q),
                };
            }
        }
        let (x, y) = (pairs[0].0, pairs[1].0);
        if ((x | y) & a).is_empty() && (holds(x, k | q) || holds(y, k | q)) {
            return Estimate {
                tricks: 1,
                win: hand_of(t, a | k | q),
            };
        }
        Estimate::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Deal, Position};
    use ddsolve_testkit::oracle;

    fn trick(pbn: &str, trump: Strain, leader: Seat, ours: bool) -> (u8, u32) {
        let deal: Deal = pbn.parse().expect("a deal");
        let est = trump_honour_trick(deal.hands(), trump, leader, ours);
        let pos = Position::new(deal, trump, leader);
        let side = oracle::tricks(&pos);
        let exact = if ours { side } else { pos.tricks_left() - side };
        (est.tricks, exact)
    }

    /// The leader's Qxx behind the AK needs a fourth card: with three, all trumps, it must
    /// lead a small one now and is left with Q x under the A and the K. With a side card as
    /// its fourth it leads that and keeps Qxx behind them.
    #[test]
    fn the_leaders_qxx_needs_four_cards() {
        let three = "N:Q32... .AKQ.. .543.. AK4...";
        assert_eq!(trick(three, Strain::Spades, Seat::North, true), (0, 0));
        let four = "N:Q32.2.. .AKQJ.. .6543.. AK54...";
        assert_eq!(trick(four, Strain::Spades, Seat::North, true), (1, 1));
    }

    /// KQ split between the hands of the side is not a sure trick: both may fall to the A.
    #[test]
    fn kq_split_between_partners_is_no_sure_trick() {
        // North leads; East holds the A; North the K, South the Q, each alone in trumps.
        // Whatever North leads, East's A takes the K and the Q together.
        let deal = "N:K.32.. A2.K.. Q.54.. 43.A..";
        assert_eq!(trick(deal, Strain::Spades, Seat::North, true), (0, 0));
    }

    #[test]
    fn notrump_has_no_trump_trick() {
        let deal = "N:K2.AK.. A3.32.. QJ.QJ.. 54.54..";
        assert_eq!(trick(deal, Strain::NoTrump, Seat::West, false).0, 0);
    }
}
