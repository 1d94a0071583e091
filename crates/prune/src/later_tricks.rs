//! Chapter 4: LaterTricks, the sure tricks of the opponents of the side on lead, taken at
//! their turn or later.

use crate::estimate::{hand_of, suit_all, Estimate};
use ddsolve_cards::{Hand, Holding, Seat, SeatMap, Strain, Suit};

/// Chapter 4's LaterTricks: sure tricks for the opponents of `leader`'s side, taken at
/// their turn or later, at the start of a trick with `left` tricks to play.
pub fn later_tricks(hands: &SeatMap<Hand>, trump: Strain, leader: Seat, left: u8) -> Estimate {
    let pd = leader.partner();
    let ours = |seat: Seat| seat == leader || seat == pd;
    let holder = |s: Suit, rank: u8| {
        Seat::ALL
            .into_iter()
            .find(|&x| rank != 0 && hands[x].suit(s).0 & (1 << rank) != 0)
    };
    let trump_suit = trump.trump().filter(|&t| !suit_all(hands, t).is_empty());
    match trump_suit {
        None => {
            // Rule 1: every suit the leader can lead is topped by an opponent. If one
            // opponent holds all those top cards, he wins the lead and cashes every one.
            let mut win = Hand::EMPTY;
            let mut all_topped = true;
            let (mut suits, mut by) = (0u8, [0u8; 4]);
            for s in Suit::ALL {
                if hands[leader].suit(s).is_empty() {
                    continue;
                }
                let all = suit_all(hands, s);
                let top = all.highest().map_or(0, |r| r.get());
                match holder(s, top) {
                    Some(h) if !ours(h) => by[h.index()] += 1,
                    _ => {
                        all_topped = false;
                        break;
                    }
                }
                suits += 1;
                win |= hand_of(s, Holding(1 << top));
            }
            if all_topped {
                let tricks = if by.contains(&suits) { suits } else { 1 };
                return Estimate { tricks, win };
            }
            // Rule 2: even running every suit we top cannot take all the tricks.
            let mut sum = 0;
            let mut win = Hand::EMPTY;
            for s in Suit::ALL {
                let all = suit_all(hands, s);
                let Some(top) = all.highest() else { continue };
                let h = holder(s, top.get()).expect("top card has a holder");
                if ours(h) {
                    sum += hands[leader].suit(s).len().max(hands[pd].suit(s).len());
                } else if all.len() > hands[h].suit(s).len() {
                    win |= hand_of(s, Holding::single(top));
                }
            }
            if sum < u32::from(left) {
                return Estimate { tricks: 1, win };
            }
            Estimate::default()
        }
        Some(t) => {
            let all = suit_all(hands, t);
            let (o1, o2) = (leader.next(), leader.prev());
            let (l1, l2) = (hands[o1].suit(t).len(), hands[o2].suit(t).len());
            if hands[leader].suit(t).is_empty() && hands[pd].suit(t).is_empty() {
                // Rule 1: the opponents hold every trump; each of the longer hand's trumps
                // takes a trick.
                return Estimate {
                    tricks: l1.max(l2) as u8,
                    win: Hand::EMPTY,
                };
            }
            let top = all.highest().map_or(0, |r| r.get());
            let rest = all - Holding(1 << top);
            let second = rest.highest().map_or(0, |r| r.get());
            let h1 = holder(t, top).expect("top trump has a holder");
            if !ours(h1) {
                // Rule 2: the opponents hold the top trump, and perhaps the second too.
                if second != 0 {
                    let h2 = holder(t, second).expect("second trump has a holder");
                    if !ours(h2)
                        && (h1 == h2 || hands[h1].suit(t).len() > 1 || hands[h2].suit(t).len() > 1)
                    {
                        return Estimate {
                            tricks: 2,
                            win: hand_of(t, Holding((1 << top) | (1 << second))),
                        };
                    }
                }
                return Estimate {
                    tricks: 1,
                    win: hand_of(t, Holding(1 << top)),
                };
            }
            // Rule 3: an opponent holds the second trump and another, over the top trump.
            if second != 0 {
                let h2 = holder(t, second).expect("second trump has a holder");
                if !ours(h2) && h2 == h1.next() && hands[h2].suit(t).len() >= 2 {
                    return Estimate {
                        tricks: 1,
                        win: hand_of(t, Holding((1 << top) | (1 << second))),
                    };
                }
            }
            Estimate::default()
        }
    }
}
