//! [`TunedOrdering`]: move-ordering weights refined beyond the paper's chapter 5, after the
//! later DDS releases' ideas (separate rules for notrump and trumps, for following and
//! discarding, relative ranks, a strong bonus for the last cutoff move of the leader).

mod followers;
mod lead_memo;
mod leader;

use crate::weights::{highest_bit, sort, sort_weighed};
use crate::LeadWeighing;
use ddsolve_cards::Holding;
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};
use followers::*;
use lead_memo::{new_lead_memo, LeadMemo};

/// Move ordering tuned by measurement on DDS's test deals (the search's default orders
/// through it, behind [`crate::CutoffOrdering`]).
///
/// "Trump" rules apply while any hand still holds a trump; once trumps are gone, or in
/// notrump, the notrump rules apply. Within a suit, ranks are compared relative to the
/// cards still out, so that the weights do not depend on which small cards were played.
///
/// It keeps a small memory of the leader's suits (each suit's part of the weights, by its
/// four holdings), so a suit seen again at a lead is looked up; the memory never changes
/// an order.
#[derive(Clone)]
pub struct TunedOrdering {
    lead_memo: Box<LeadMemo>,
}

impl Default for TunedOrdering {
    fn default() -> TunedOrdering {
        TunedOrdering {
            lead_memo: new_lead_memo(),
        }
    }
}

impl std::fmt::Debug for TunedOrdering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TunedOrdering").finish_non_exhaustive()
    }
}

/// 1 for the highest card of `all`, 2 for the next, ...
#[inline]
fn rel_rank(all: Holding, rank: u8) -> i32 {
    (all.0 >> rank).count_ones() as i32 + 1
}

/// Per suit of `me`'s hand (which has not played to this trick): its length, and on
/// demand whether it holds the suit's highest and second-highest cards still out.
#[derive(Clone, Copy, Debug)]
struct OwnSuit {
    all: Holding,
    mine: Holding,
    len: i32,
}

impl OwnSuit {
    /// `all`: the suit's cards out when the trick began; `mine`: the hand's.
    #[inline]
    fn new(all: Holding, mine: Holding) -> OwnSuit {
        OwnSuit {
            all,
            mine,
            len: mine.len() as i32,
        }
    }

    /// The hand holds the suit's highest card out.
    #[inline]
    fn top(&self) -> bool {
        self.mine.0 & highest_bit(self.all.0) != 0
    }

    /// The hand holds the suit's second-highest card out.
    #[inline]
    fn second(&self) -> bool {
        let rest = self.all.0 & !highest_bit(self.all.0);
        self.mine.0 & highest_bit(rest) != 0
    }
}

/// A discard's suit weight: longer suits first, but not from a guarded king or a singleton
/// top card.
#[inline]
fn discard_bonus(info: &OwnSuit, div: i32, kx: i32, stiff_top: i32) -> i32 {
    let len = info.len;
    let mut add = (len << 6) / div;
    if len == 2 && info.second() {
        add += kx;
    } else if len == 1 && info.top() {
        add += stiff_top;
    }
    add
}

impl MoveOrdering for TunedOrdering {
    // Inlined so that the search skips the call for the many lists of one move.
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        if moves.len() > 1 {
            Self::order_moves(&self.lead_memo, view, hints, moves);
        }
    }

    /// Yes: its discards are weighed minus their rank plus their suit's weight, so that a
    /// suit's lowest card leads it anyway; the two steps only put a long suit's higher
    /// cards after the other suits' lowest (fewer nodes on DDS's, random and freak deals).
    #[inline]
    fn lowest_discards_first(&self) -> bool {
        true
    }
}

// The categories from the leader's own pass over its suits, and one sort.
impl LeadWeighing for TunedOrdering {
    #[inline]
    fn order_lead_with_categories(
        &mut self,
        view: &TrickView,
        hints: &OrderHints,
        moves: &mut MoveList,
    ) {
        if moves.len() > 1 {
            Self::order_lead_categorised(&self.lead_memo, view, hints, moves);
        }
    }
}

impl TunedOrdering {
    ddsolve_cards::fast_copy! { Self:
        /// [`MoveOrdering::order`] for two moves or more.
        fn order_moves / order_moves_fast(
            memo: &LeadMemo,
            view: &TrickView,
            hints: &OrderHints,
            moves: &mut MoveList,
        ) {
            // Trump rules only while trumps are out.
            let out = view.out;
            let trump = view.live_trump();
            if view.trick.is_empty() {
                Self::leader(memo, view, trump, hints, moves);
                sort(moves);
                return;
            }
            let trick = Trick::new(view, out);
            // The weights are worked out apart from the moves and put in as the sort moves
            // them: the sort then reads no move over a store just made to its weight.
            let mut ws = [0; 13];
            match view.trick.len() {
                1 => Self::second_hand(view, &trick, trump, moves, &mut ws),
                2 => Self::third_hand(view, &trick, trump, moves, &mut ws),
                _ => Self::fourth_hand(view, &trick, trump, moves, &mut ws),
            }
            sort_weighed(moves, &ws);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::lead_memo::*;
    use super::leader::*;
    use super::*;
    use crate::weights::top;
    use ddsolve_cards::{Hand, Holding, Suit};
    use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};

    #[test]
    fn suits_held_reads_every_lane() {
        for mask in 0u8..16 {
            // The lowest and highest rank of each suit in the mask.
            let hand = (0..4)
                .filter(|s| mask & 1 << s != 0)
                .fold(0u64, |acc, s| acc | 0x4004u64 << (16 * s));
            assert_eq!(suits_held(Hand(hand)), mask, "{mask:04b}");
            let twos = (0..4)
                .filter(|s| mask & 1 << s != 0)
                .fold(0u64, |acc, s| acc | 0x4u64 << (16 * s));
            assert_eq!(suits_held(Hand(twos)), mask, "{mask:04b}");
        }
        assert_eq!(suits_held(Hand(0x7ffc_7ffc_7ffc_7ffc)), 0xf);
    }

    #[test]
    fn memo_keys_keep_the_holdings_and_the_extra_bits_apart() {
        const RANKS: u64 = 0x7ffc_7ffc_7ffc_7ffc;
        let mut seen = std::collections::HashSet::new();
        for mode in 0..3 {
            for trumps in 0..64 {
                let extra = key_extra(mode, trumps);
                assert_eq!(extra & RANKS, 0, "{mode} {trumps}");
                assert!(seen.insert(extra), "{mode} {trumps}");
                let key = memo_key([0x7ffc, 0x4, 0x4000, 0x0ff0], extra);
                assert_eq!(key & RANKS, 0x0ff0_4000_0004_7ffc);
                assert_ne!(key, crate::suit_memo::NO_KEY);
            }
        }
    }

    #[test]
    fn leads_order_alike_with_their_suits_remembered() {
        // Random leads ordered once (the suits mostly new to the memory), then again in the
        // other order (the suits found in it, and checked against a new computation): the
        // same order and weights, with hints and without.
        use crate::LeadCategories;
        use ddsolve_cards::DealRng;
        use ddsolve_testkit::oracle::random_ending_of;
        let mut rng = DealRng::new(0x5eed_3e30);
        let mut cases = Vec::new();
        for k in 0..3000 {
            let pos = random_ending_of(&mut rng, 1 + k % 13);
            if !TrickView::of(&pos).trick.is_empty() {
                continue;
            }
            let hints = if k % 3 == 0 {
                let view = TrickView::of(&pos);
                let mut moves = MoveList::new();
                ddsolve_moves::generate(&view, &mut moves);
                OrderHints {
                    cutoff: moves.last().map(|m| m.card),
                    tt: moves.first().map(|m| m.card),
                    need: 0,
                }
            } else {
                OrderHints::default()
            };
            cases.push((pos, hints));
        }
        let order = |pos: &ddsolve_cards::Position, hints: &OrderHints| {
            let view = TrickView::of(pos);
            let mut moves = MoveList::new();
            ddsolve_moves::generate(&view, &mut moves);
            let mut plain = moves.clone();
            LeadCategories::new(TunedOrdering::default()).order(&view, hints, &mut moves);
            TunedOrdering::default().order(&view, hints, &mut plain);
            (moves, plain)
        };
        let first: Vec<_> = cases.iter().map(|(p, h)| order(p, h)).collect();
        for (i, (pos, hints)) in cases.iter().enumerate().rev() {
            assert_eq!(order(pos, hints), first[i], "{pos:?} {hints:?}");
        }
        assert!(cases.len() > 1500, "{} leads", cases.len());
    }

    #[test]
    fn spread_tables_divide_as_the_weights_did() {
        for c in 0..32 {
            assert_eq!(SPREAD_NT[c], -((4 * c as i32) * 32) / 19);
            assert_eq!(SPREAD_TRUMP[c], -((4 * c as i32) * 32) / 13);
        }
    }

    #[test]
    fn holding_comparisons_agree_with_top_ranks() {
        // Every deal of five cards of a suit (ranks 2, 3, 4, 5 and the ace) to the four
        // hands.
        for split in 0..4u32.pow(5) {
            let mut hands = [0u16; 4];
            for (card, bit) in [2, 3, 4, 5, 14].into_iter().enumerate() {
                hands[(split >> (2 * card) & 3) as usize] |= 1 << bit;
            }
            let all = Holding(hands.iter().fold(0, |a, h| a | h));
            let four = hands.map(|h| Hand(u64::from(h)));
            let h = LeadHoldings::new(&four, all, Suit::Spades);
            let t = |x: u16| top(Holding(x));
            assert_eq!(
                h.partner_beats(),
                t(h.pd) > t(h.lho).max(t(h.rho)),
                "{split}"
            );
            let (ll, lr) = (len16(h.lho), len16(h.rho));
            let (first_lho, first_rho) = (h.lho & h.first != 0, h.rho & h.first != 0);
            assert_eq!(
                h.singleton_top(),
                (ll == 1 && first_lho) || (lr == 1 && first_rho),
                "{split}"
            );
        }
    }
}
