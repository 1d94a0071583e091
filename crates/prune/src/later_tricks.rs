//! Chapter 4: LaterTricks, the sure tricks of the opponents of the side on lead, taken at
//! their turn or later.

use crate::estimate::{hand_of, highest, Estimate};
use ddsolve_cards::{Hand, Seat, SeatMap, Strain, Suit};

/// Chapter 4's LaterTricks: sure tricks for the opponents of `leader`'s side, taken at
/// their turn or later, at the start of a trick with `left` tricks to play.
pub fn later_tricks(hands: &SeatMap<Hand>, trump: Strain, leader: Seat, left: u8) -> Estimate {
    let (hl, hp) = (hands[leader], hands[leader.partner()]);
    let (lho, rho) = (hands[leader.next()], hands[leader.prev()]);
    let ours = hl | hp;
    let all = ours | lho | rho;
    let trump_suit = trump.trump().filter(|&t| !all.suit(t).is_empty());
    match trump_suit {
        None => {
            // Rule 1: every suit the leader can lead is topped by an opponent. If one
            // opponent holds all those top cards, he wins the lead and cashes every one.
            let mut win = Hand::EMPTY;
            let mut all_topped = true;
            // Suits the leader can lead, and how many of their top cards each opponent holds.
            let (mut suits, mut by_lho, mut by_rho) = (0u8, 0u8, 0u8);
            for s in Suit::ALL {
                if hl.suit(s).is_empty() {
                    continue;
                }
                let top = highest(all.suit(s));
                if !(ours.suit(s) & top).is_empty() {
                    all_topped = false;
                    break;
                }
                if (lho.suit(s) & top).is_empty() {
                    by_rho += 1;
                } else {
                    by_lho += 1;
                }
                suits += 1;
                win |= hand_of(s, top);
            }
            if all_topped {
                let tricks = if by_lho == suits || by_rho == suits {
                    suits
                } else {
                    1
                };
                return Estimate { tricks, win };
            }
            // Rule 2: even running every suit we top cannot take all the tricks.
            let mut sum = 0;
            let mut win = Hand::EMPTY;
            for s in Suit::ALL {
                let all_s = all.suit(s);
                let top = highest(all_s);
                if top.is_empty() {
                    continue;
                }
                if !(ours.suit(s) & top).is_empty() {
                    sum += hl.suit(s).len().max(hp.suit(s).len());
                } else {
                    let holder = if (lho.suit(s) & top).is_empty() {
                        rho
                    } else {
                        lho
                    };
                    if all_s.len() > holder.suit(s).len() {
                        win |= hand_of(s, top);
                    }
                }
            }
            if sum < u32::from(left) {
                return Estimate { tricks: 1, win };
            }
            Estimate::default()
        }
        Some(t) => {
            let all_t = all.suit(t);
            let (l1, l2) = (lho.suit(t).len(), rho.suit(t).len());
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
                // Rule 2: the opponents hold the top trump, and perhaps the second too
                // (with a third trump between them: in one hand, or not both singletons).
                if !second.is_empty() && (ours.suit(t) & second).is_empty() && (l1 > 1 || l2 > 1) {
                    return Estimate {
                        tricks: 2,
                        win: hand_of(t, top | second),
                    };
                }
                return Estimate {
                    tricks: 1,
                    win: hand_of(t, top),
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
