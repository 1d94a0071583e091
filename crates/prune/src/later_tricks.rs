//! Chapter 4: LaterTricks, the sure tricks of the opponents of the side on lead, taken at
//! their turn or later: rules 1 and 2 in notrump, rules 1 to 3 with trumps. Trump rule 2
//! counts every top trump of the opponents down to our highest, up to the longer opponent's
//! trump length, as bridge-solver does.

use crate::estimate::{
    first_suit, hand_of, highest, highest_cards, lanes, nonempty, top_cards, top_run, tops_held,
    Estimate,
};
use crate::layout::Layout;
use ddsolve_cards::{Hand, Seat, SeatMap, Strain};

/// Chapter 4's LaterTricks: sure tricks for the opponents of `leader`'s side, taken at
/// their turn or later, at the start of a trick with `left` tricks to play.
pub fn later_tricks(hands: &SeatMap<Hand>, trump: Strain, leader: Seat, left: u8) -> Estimate {
    count_later_tricks::<false>(&Layout::new(hands, trump, leader), left, 0)
}

impl Layout {
    /// [`later_tricks`] of this layout for a search that needs `need` tricks of the
    /// opponents for a cutoff: the same count once it reaches `need`; below it, some sure
    /// count below `need` (the rules that cannot reach it are skipped).
    #[inline]
    pub fn later_tricks_for(&self, left: u8, need: u8) -> Estimate {
        count_later_tricks::<true>(self, left, need)
    }
}

/// [`later_tricks`], skipping the rules that cannot reach `need` if `STOP`.
#[inline(always)]
fn count_later_tricks<const STOP: bool>(lay: &Layout, left: u8, need: u8) -> Estimate {
    let (hl, lho, hp, rho, all) = (lay.leader, lay.lho, lay.partner, lay.rho, lay.all);
    let ours = hl | hp;
    let trump_suit = lay.trump.filter(|&t| !all.suit(t).is_empty());
    match trump_suit {
        None => {
            // Lane arithmetic over the four suits at once (see `estimate.rs`).
            let lead = nonempty(hl);
            let ours_top = lay.side_top;
            if lead & ours_top == 0 {
                // Rule 1: every suit the leader can lead is topped by an opponent. If one
                // opponent holds all those top cards, he wins the lead and cashes every one.
                let by_lho = tops_held(lho, all) & lead;
                let tricks = if by_lho == lead || by_lho == 0 {
                    lead.count_ones() as u8
                } else {
                    1
                };
                return Estimate {
                    tricks,
                    win: Hand(highest_cards(all.0) & lanes(lead)),
                };
            }
            if STOP && need > 1 {
                // Rule 2 counts one trick.
                return Estimate::default();
            }
            // Rule 2: even running every suit we top cannot take all the tricks.
            let mut sum = 0;
            let mut topped = ours_top;
            while topped != 0 {
                let s = first_suit(topped);
                topped &= topped - 1;
                sum += hl.suit(s).len().max(hp.suit(s).len());
            }
            if sum < u32::from(left) {
                // The opponents' top cards, where someone else still holds the suit.
                let shared = tops_held(lho, all) & nonempty(all - lho)
                    | tops_held(rho, all) & nonempty(all - rho);
                return Estimate {
                    tricks: 1,
                    win: Hand(highest_cards(all.0) & lanes(shared)),
                };
            }
            Estimate::default()
        }
        Some(t) => {
            let all_t = all.suit(t);
            let (l1, l2) = (lho.suit(t).len(), rho.suit(t).len());
            if STOP && l1.max(l2) < u32::from(need) {
                // Every rule counts at most the longer opponent's trumps (rule 3 one
                // trick, with two of them).
                return Estimate::default();
            }
            if ours.suit(t).is_empty() {
                // Rule 1: the opponents hold every trump; each of the longer hand's trumps
                // takes a trick.
                return Estimate {
                    tricks: l1.max(l2) as u8,
                    win: Hand::EMPTY,
                };
            }
            let top = highest(all_t);
            let second = highest(all_t - top);
            if (ours.suit(t) & top).is_empty() {
                // Rule 2: the opponents hold the top trumps down to our highest. Each takes
                // a trick, up to as many as the longer opponent holds trumps (two top trumps
                // fall together only when both hands are down to top trumps).
                let run = top_run(all_t, all_t - ours.suit(t));
                let tricks = run.len().min(l1.max(l2));
                return Estimate {
                    tricks: tricks as u8,
                    win: hand_of(t, top_cards(run, tricks)),
                };
            }
            // Rule 3: an opponent holds the second trump and another, over the top trump
            // (the leader's left-hand opponent over the leader, the right-hand one over
            // partner).
            let over = if (hl.suit(t) & top).is_empty() {
                rho
            } else {
                lho
            };
            let over_t = over.suit(t);
            if STOP && need > 1 {
                // Rule 3 counts one trick.
                return Estimate::default();
            }
            if !(over_t & second).is_empty() && over_t.len() >= 2 {
                return Estimate {
                    tricks: 1,
                    win: hand_of(t, top | second),
                };
            }
            Estimate::default()
        }
    }
}
