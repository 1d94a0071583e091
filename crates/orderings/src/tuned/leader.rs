//! The tuned leader's weights: each suit's part (from the lead memory or worked out), then
//! each move's, in notrump and with trumps, with the lead categories worked out in the same
//! pass.

use super::lead_memo::*;
use super::*;
use crate::lead_categories::{from_key, key, SuitBonus};
use crate::weights::{highest_bit, sort, top};
use crate::LeadCategory;
use ddsolve_cards::{Hand, Holding, Suit};
use ddsolve_moves::{Move, MoveList, OrderHints, TrickView};

/// What a lead's weight needs to know of its suit, worked out once per suit and node (the
/// rules of [`TunedOrdering::lead_nt`] and [`TunedOrdering::lead_trump`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LeadSuit {
    pub(super) all: Holding,
    /// The bits of the suit's highest and second-highest cards out.
    pub(super) first: u16,
    pub(super) second: u16,
    /// The suit's facts, `FLAG_*` bits.
    pub(super) flags: u16,
    /// The weight, less the move's own terms, when the side wins the trick.
    pub(super) win: i32,
    /// The same when it does not.
    pub(super) lose: i32,
}

impl LeadSuit {
    /// Is the flag `f` set?
    #[inline(always)]
    pub(super) fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }
}

/// A suit's part of a lead's weights, less the opponents' spread term ([`spread`]): the
/// weight when the side wins the trick and when it does not, and the suit's `FLAG_*` bits.
#[derive(Clone, Copy, Debug)]
pub(super) struct SuitPart {
    pub(super) win: i32,
    pub(super) lose: i32,
    pub(super) flags: u16,
}

/// `f` if `b`, else 0.
#[inline(always)]
pub(super) fn flag(b: bool, f: u16) -> u16 {
    if b {
        f
    } else {
        0
    }
}

/// One suit at a lead, as the leader's weights see it: the four hands' cards in it, from the
/// leader's seat round, and the bits of its three highest cards out (0 where fewer are out).
#[derive(Clone, Copy, Debug)]
pub(super) struct LeadHoldings {
    pub(super) all: Holding,
    pub(super) me: u16,
    pub(super) lho: u16,
    pub(super) pd: u16,
    pub(super) rho: u16,
    pub(super) first: u16,
    pub(super) second: u16,
    pub(super) third: u16,
}

impl LeadHoldings {
    /// `hands`: the four hands from the leader's seat round; `all`: the suit's cards out.
    #[inline(always)]
    pub(super) fn new(hands: &[Hand; 4], all: Holding, s: Suit) -> LeadHoldings {
        let highest = |h: u16| h & (1u16 << top(Holding(h)));
        let first = highest(all.0);
        let second = highest(all.0 & !first);
        let third = highest(all.0 & !first & !second);
        LeadHoldings {
            all,
            me: hands[0].suit(s).0,
            lho: hands[1].suit(s).0,
            pd: hands[2].suit(s).0,
            rho: hands[3].suit(s).0,
            first,
            second,
            third,
        }
    }

    /// The four holdings, from the leader round.
    #[inline(always)]
    pub(super) fn holdings(&self) -> [u16; 4] {
        [self.me, self.lho, self.pd, self.rho]
    }

    /// The suit's five highest cards out, as rank bits (0 past the last).
    #[inline(always)]
    pub(super) fn tops(&self) -> [u16; 5] {
        let rest = self.all.0 & !(self.first | self.second | self.third);
        let fourth = highest_bit(rest);
        let fifth = highest_bit(rest & !fourth);
        [self.first, self.second, self.third, fourth, fifth]
    }

    /// Does partner's top card beat both opponents' (never when partner is void)? The
    /// holdings are disjoint: the one with the highest card is the larger number.
    #[inline(always)]
    pub(super) fn partner_beats(&self) -> bool {
        self.pd > self.lho | self.rho
    }

    /// Does an opponent hold the suit's top card alone?
    #[inline(always)]
    pub(super) fn singleton_top(&self) -> bool {
        (self.lho == self.first) | (self.rho == self.first)
    }

    /// How the leader's side holds the second and third cards out, which win the next
    /// round once the top card has gone: 2 when partner holds both, 1 when the leader and
    /// partner hold one each and partner has another card, 0 otherwise.
    #[inline(always)]
    pub(super) fn next_round_tops(&self) -> usize {
        let both = self.second | self.third;
        let two_out = self.third != 0;
        let pd_both = two_out && self.pd & both == both;
        let split = two_out
            && ((self.me & self.second != 0 && self.pd & self.third != 0)
                || (self.pd & self.second != 0 && self.me & self.third != 0))
            && self.pd.count_ones() > 1;
        if pd_both {
            2
        } else {
            usize::from(split)
        }
    }
}

/// The trump facts a lead's weights need, the same for every suit.
#[derive(Clone, Copy, Debug)]
pub(super) struct LeadTrumps {
    /// The hands holding trumps, bit `k` for the `k`-th hand from the leader round.
    pub(super) holders: u8,
    /// Whether partner's top trump beats the left-hand and the right-hand opponent's.
    pub(super) overruffs: [bool; 2],
}

impl LeadTrumps {
    /// `hands`: the four hands from the leader round; `t`: trumps.
    #[inline(always)]
    pub(super) fn new(hands: &[Hand; 4], t: Suit) -> LeadTrumps {
        let trumps = hands.map(|h| h.suit(t));
        // Disjoint holdings: the one with the higher top card is the larger number.
        let t = trumps.map(|h| h.0);
        LeadTrumps {
            holders: (0..4).fold(0, |acc, k| acc | u8::from(!trumps[k].is_empty()) << k),
            overruffs: [t[2] > t[1], t[2] > t[3]],
        }
    }

    /// The facts as 6 bits of a [`memo_key`]: the holders, then the two overruffs.
    #[inline(always)]
    pub(super) fn key_bits(&self) -> u64 {
        u64::from(self.holders)
            | u64::from(self.overruffs[0]) << 4
            | u64::from(self.overruffs[1]) << 5
    }
}

/// The number of cards of `h`.
#[inline(always)]
pub(super) fn len16(h: u16) -> i32 {
    h.count_ones() as i32
}

/// The suits `hand` holds, bit `i` for the suit of index `i`: each 16-bit lane's "not
/// empty" gathered by one multiplication.
#[inline(always)]
pub(super) fn suits_held(hand: Hand) -> u8 {
    const ONES: u64 = 0x0001_0001_0001_0001;
    // Lanes are below 0x8000 (bit 15 is no rank): adding 0x7fff carries into bit 15
    // exactly when a lane is not empty.
    let any = ((hand.0 + 0x7fff * ONES) >> 15) & ONES;
    // Lane k's bit (16k) times 2^(48-15k) lands at bit 48+k; the other products fall
    // below bit 48 (at distinct places, so without carries) or past bit 63.
    (any.wrapping_mul(1 << 48 | 1 << 33 | 1 << 18 | 1 << 3) >> 48) as u8 & 0xf
}

/// `-(4 * c * 32) / div` for `c` of 0 to 31 (a lead's count of the opponents' cards, in
/// fours), as the leader's weights divide it, made once at compile time.
pub(super) const fn spread_table(div: i32) -> [i32; 32] {
    let mut t = [0; 32];
    let mut c = 0;
    while c < 32 {
        t[c] = -((4 * c as i32) * 32) / div;
        c += 1;
    }
    t
}

/// [`spread_table`] for notrump and for trumps.
pub(super) const SPREAD_NT: [i32; 32] = spread_table(19);
pub(super) const SPREAD_TRUMP: [i32; 32] = spread_table(13);

/// The opponents' spread term of a lead's weights, from `table` ([`SPREAD_NT`] or
/// [`SPREAD_TRUMP`]): suits that give the opponents many cards to choose from make larger
/// trees. `lho`, `rho`: their holdings in the suit; `tl`: the leader's cards less one (what
/// a void opponent counts).
#[inline(always)]
pub(super) fn spread(table: &[i32; 32], lho: u16, rho: u16, tl: i32) -> i32 {
    let count = |h: u16| if h == 0 { tl + 1 } else { len16(h) };
    table[(count(lho) + count(rho)) as usize & 31]
}

impl TunedOrdering {
    /// The suit's facts at a notrump lead, its weights less the opponents' spread term
    /// ([`spread`], added by the caller: the one term that depends on more than the suit).
    #[inline(always)]
    pub(super) fn lead_nt(h: &LeadHoldings) -> SuitPart {
        let (ll, lp, lr) = (len16(h.lho), len16(h.pd), len16(h.rho));
        let delta = -9 * i32::from(lp == 0);
        let (first_lho, first_rho) = (h.lho & h.first != 0, h.rho & h.first != 0);
        let (second_lho, second_rho) = (h.lho & h.second != 0, h.rho & h.second != 0);
        let second_pd = h.pd & h.second != 0;

        // The side wins the trick.
        let mut win = delta;
        win -= i32::from(second_rho && lr != 1);
        if second_lho {
            win += if ll != 1 { 22 } else { 16 };
        }
        let second_safe = (!second_lho || ll == 1) && (!second_rho || lr == 1);
        win += if second_safe { 45 } else { 18 };

        // It does not.
        let mut lose = delta;
        if (first_rho || second_rho) && lr != 1 {
            lose -= 10;
        } else if first_lho && second_pd && lp != 1 {
            lose += 31;
        }
        // The side will hold the top card of the next round.
        lose += [0, 25, 35][h.next_round_tops()];
        SuitPart {
            win,
            lose,
            flags: flag(h.partner_beats(), FLAG_PARTNER_BEATS)
                | flag(h.singleton_top(), FLAG_SINGLETON_TOP)
                | flag(h.me & h.first != 0, FLAG_FIRST_ME),
        }
    }

    #[inline(always)]
    pub(super) fn weight_leader_nt<const HINTS: bool>(
        suit: &LeadSuit,
        hints: &OrderHints,
        m: &Move,
    ) -> i32 {
        let r = m.card.rank().get();
        let rel = rel_rank(suit.all, r);
        let is_cut = HINTS && Some(m.card) == hints.cutoff;
        let is_tt = HINTS && !is_cut && Some(m.card) == hints.tt;
        // The move stands for the suit's highest card out (its card is the run's highest).
        if m.equals.0 & suit.first != 0 || suit.has(FLAG_PARTNER_BEATS) {
            let mut w = suit.win + rel;
            if is_cut {
                w += 126;
            } else if is_tt {
                w += 32;
            }
            w
        } else {
            let delta = suit.lose;
            let mut w = if suit.has(FLAG_SINGLETON_TOP) {
                delta + 28 + rel
            } else if suit.has(FLAG_FIRST_ME) {
                delta - 17 + rel
            } else if m.equals.len() <= 1 {
                delta + 12 + rel
            } else if m.equals.0 & suit.second != 0 {
                // (The leader does not hold the highest card: the move's card is the second.)
                delta + 48
            } else {
                delta + 29 - rel
            };
            if is_cut {
                w += 47;
            } else if is_tt {
                w += 19;
            }
            w
        }
    }

    /// The suit's facts at a lead with trumps out, its weights less the opponents' spread
    /// term ([`spread`], added by the caller), and whether an opponent void in the suit
    /// holds trumps (never in the trump suit). `trumps`: the trump facts of the hands (the
    /// same for every suit); `side_suit`: whether the suit is not trumps.
    #[inline(always)]
    pub(super) fn lead_trump(
        h: &LeadHoldings,
        trumps: &LeadTrumps,
        side_suit: bool,
    ) -> (SuitPart, bool) {
        let (ll, lp, lr) = (len16(h.lho), len16(h.pd), len16(h.rho));
        // The hands void in the suit that hold trumps, by seat index from the leader round
        // (none in the trump suit). Bitwise operators below, not `&&` and `||`, where the
        // facts are cheap: branches on them were mispredicted.
        let voids = u8::from(ll == 0) << 1 | u8::from(lp == 0) << 2 | u8::from(lr == 0) << 3;
        let ruffers = voids & trumps.holders & 0u8.wrapping_sub(u8::from(side_suit));
        let (ruff_lho, ruff_pd, ruff_rho) = (ruffers & 2 != 0, ruffers & 4 != 0, ruffers & 8 != 0);
        let (first_me, first_lho) = (h.me & h.first != 0, h.lho & h.first != 0);
        let (first_pd, first_rho) = (h.pd & h.first != 0, h.rho & h.first != 0);
        let (second_me, second_pd) = (h.me & h.second != 0, h.pd & h.second != 0);
        let second_rho = h.rho & h.second != 0;
        let mut delta = 0;
        if first_rho || second_rho {
            delta -= 7 * i32::from(lr != 1);
        } else if first_lho && second_pd && lp != 1 {
            delta += 27;
        }
        // Partner wins and returns the suit for a ruff.
        let me_single = h.me & h.me.wrapping_sub(1) == 0;
        delta +=
            25 * i32::from(first_pd & side_suit & (lp > 1) & (trumps.holders & 1 != 0) & me_single);
        let pd_beats = h.partner_beats();
        let (mut wins_with_top, mut wins_below_top) = (true, pd_beats);
        // Someone ruffs (a branch, taken in few suits, that spares the rest the work).
        if ruffers != 0 {
            delta -= 12 * i32::from(ruff_lho | ruff_rho);
            delta += 17 * i32::from(ruff_pd & (lr > 0));
            // An opponent who ruffs is overruffed by partner.
            let lho_ok = !ruff_lho | (ruff_pd & trumps.overruffs[0]);
            let rho_ok = !ruff_rho | (ruff_pd & trumps.overruffs[1]);
            wins_with_top = lho_ok & rho_ok;
            wins_below_top =
                (pd_beats & !ruff_lho & !ruff_rho) | (!pd_beats & ruff_pd & lho_ok & rho_ok);
        }
        let lose = delta + [0, 8, 20][h.next_round_tops()];
        let part = SuitPart {
            win: delta,
            lose,
            flags: flag(wins_with_top, FLAG_WINS_WITH_TOP)
                | flag(wins_below_top, FLAG_WINS_BELOW_TOP)
                | flag(h.singleton_top(), FLAG_SINGLETON_TOP)
                | flag(first_me, FLAG_FIRST_ME)
                | flag(first_pd, FLAG_FIRST_PD)
                | flag(second_me, FLAG_SECOND_ME)
                | flag(second_pd, FLAG_SECOND_PD),
        };
        (part, ruff_lho | ruff_rho)
    }

    #[inline(always)]
    pub(super) fn weight_leader_trump<const HINTS: bool>(
        suit: &LeadSuit,
        hints: &OrderHints,
        m: &Move,
    ) -> i32 {
        let r = m.card.rank().get();
        let rel = rel_rank(suit.all, r);
        // The move stands for the suit's highest card out (its card is the run's highest).
        let is_top = m.equals.0 & suit.first != 0;
        let wins = if is_top {
            suit.has(FLAG_WINS_WITH_TOP)
        } else {
            suit.has(FLAG_WINS_BELOW_TOP)
        };
        let is_cut = HINTS && Some(m.card) == hints.cutoff;
        let is_tt = HINTS && !is_cut && Some(m.card) == hints.tt;
        // Read only where the leader does not hold the highest card: then the move's card is
        // the second-highest.
        let is_second = m.equals.0 & suit.second != 0;
        let has_equals = m.equals.len() > 1;
        if wins {
            let delta = suit.win;
            let mut w = if suit.has(FLAG_SINGLETON_TOP) {
                delta + 35 + rel
            } else if suit.has(FLAG_FIRST_ME) {
                if suit.has(FLAG_SECOND_PD) {
                    delta + 48 + rel
                } else if is_top {
                    delta + 31
                } else {
                    delta - 3 + rel
                }
            } else if suit.has(FLAG_FIRST_PD) {
                if suit.has(FLAG_SECOND_ME) {
                    delta + 42 + rel
                } else {
                    delta + 28 + rel
                }
            } else if has_equals && is_second {
                delta + 40
            } else if has_equals {
                delta + 22 + rel
            } else {
                delta + 11 + rel
            };
            if is_cut {
                w += 55;
            } else if is_tt {
                w += 18;
            }
            w
        } else {
            let delta = suit.lose;
            let mut w = if suit.has(FLAG_SINGLETON_TOP) {
                delta + rel + 2
            } else if suit.has(FLAG_FIRST_ME) {
                if suit.has(FLAG_SECOND_PD) {
                    delta + 33 + rel
                } else if is_top {
                    delta + 38
                } else {
                    delta - 14 + rel
                }
            } else if suit.has(FLAG_FIRST_PD) {
                delta + 23 + rel
            } else if has_equals && is_second {
                delta + 35
            } else {
                delta + 17 - i32::from(r)
            };
            if is_cut {
                w += 18;
            }
            w
        }
    }

    /// The leader's weights: the suit's part once per suit ([`Self::lead_suits`]), then
    /// each move's. With `CATS`, each suit's lead categories too ([`SuitBonus`]), worked out
    /// in the same pass; if any suit has a bonus, the weights are [`key`]s of the weights
    /// and the bonuses (and the answer is true).
    #[inline(always)]
    pub(super) fn weigh_leads<const CATS: bool>(
        memo: &LeadMemo,
        view: &TrickView,
        trump: Option<Suit>,
        hints: &OrderHints,
        moves: &mut MoveList,
    ) -> bool {
        let me = view.to_play();
        let hands = [0, 1, 2, 3].map(|k| view.hands[me.offset(k)]);
        // Without hints (most leads), the moves' weights skip the hint tests.
        let no_hints = hints.cutoff.is_none() && hints.tt.is_none();
        match trump {
            None => {
                let (mut per_suit, mut bonus) =
                    ([LeadSuit::default(); 4], [SuitBonus::default(); 4]);
                let any_bonus = Self::lead_suits::<CATS>(
                    memo,
                    view,
                    &hands,
                    &mut per_suit,
                    &mut bonus,
                    &SPREAD_NT,
                    |_| 0,
                    #[inline(always)]
                    |s, h| {
                        let (b, any) = SuitBonus::new(s, h.holdings(), h.tops(), false, false);
                        pack(&Self::lead_nt(h), &b, any)
                    },
                );
                let keyed = (CATS && any_bonus).then_some(&bonus);
                if no_hints {
                    weigh_each(
                        moves,
                        keyed,
                        #[inline(always)]
                        |s, m| Self::weight_leader_nt::<false>(&per_suit[s], hints, m),
                    );
                } else {
                    weigh_each(
                        moves,
                        keyed,
                        #[inline(always)]
                        |s, m| Self::weight_leader_nt::<true>(&per_suit[s], hints, m),
                    );
                }
                CATS && any_bonus
            }
            Some(t) => {
                let trumps = LeadTrumps::new(&hands, t);
                let trump_bits = trumps.key_bits();
                // The keys' extra bits for the trump suit and for a side suit.
                let extras = [key_extra(1, trump_bits), key_extra(2, trump_bits)];
                let (mut per_suit, mut bonus) =
                    ([LeadSuit::default(); 4], [SuitBonus::default(); 4]);
                let any_bonus = Self::lead_suits::<CATS>(
                    memo,
                    view,
                    &hands,
                    &mut per_suit,
                    &mut bonus,
                    &SPREAD_TRUMP,
                    #[inline(always)]
                    |s| extras[usize::from(s != t)],
                    #[inline(always)]
                    |s, h| {
                        let (part, opponent_ruffs) = Self::lead_trump(h, &trumps, s != t);
                        let (b, any) =
                            SuitBonus::new(s, h.holdings(), h.tops(), opponent_ruffs, s == t);
                        pack(&part, &b, any)
                    },
                );
                let keyed = (CATS && any_bonus).then_some(&bonus);
                if no_hints {
                    weigh_each(
                        moves,
                        keyed,
                        #[inline(always)]
                        |s, m| Self::weight_leader_trump::<false>(&per_suit[s], hints, m),
                    );
                } else {
                    weigh_each(
                        moves,
                        keyed,
                        #[inline(always)]
                        |s, m| Self::weight_leader_trump::<true>(&per_suit[s], hints, m),
                    );
                }
                CATS && any_bonus
            }
        }
    }

    /// Every suit the leader holds (a superset of the moves' suits: the one the search
    /// tried first may be missing from the list, and gets weights no move reads), as
    /// [`LeadSuit`]s in `per_suit` by suit index: each suit's facts from the lead memory `memo` under the key of its
    /// holdings and `extra(suit)`, worked out by `facts` when the memory does not have them,
    /// with the spread term of `spread_table` added. With `CATS`, also each suit's lead
    /// categories' bonuses in `bonus`; the answer is whether any suit has one.
    // The memory, the node and the suits' outputs, inlined into its two callers.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn lead_suits<const CATS: bool>(
        memo: &LeadMemo,
        view: &TrickView,
        hands: &[Hand; 4],
        per_suit: &mut [LeadSuit; 4],
        bonus: &mut [SuitBonus; 4],
        spread_table: &[i32; 32],
        extra: impl Fn(Suit) -> u64,
        facts: impl Fn(Suit, &LeadHoldings) -> MemoFacts,
    ) -> bool {
        let tl = hands[0].len() as i32 - 1;
        let mut suits = suits_held(hands[0]);
        let mut any_bonus = false;
        {
            while suits != 0 {
                let s = Suit::ALL[suits.trailing_zeros() as usize & 3];
                suits &= suits - 1;
                let holdings = hands.map(|h| h.suit(s).0);
                let all = view.out.suit(s);
                let found = memo.get_or(memo_key(holdings, extra(s)), || {
                    facts(s, &LeadHoldings::new(hands, all, s))
                });
                let spread = spread(spread_table, holdings[1], holdings[3], tl);
                per_suit[s.index()] = unpack(&found, all.0, spread);
                if CATS {
                    let (b, any) = found.bonus(holdings[0]);
                    bonus[s.index()] = b;
                    any_bonus |= any;
                }
            }
        }
        any_bonus
    }

    ddsolve_cards::fast_copy! { Self:
        /// The leader's weights, without the categories.
        pub(super) fn leader / leader_fast(
            memo: &LeadMemo,
            view: &TrickView,
            trump: Option<Suit>,
            hints: &OrderHints,
            moves: &mut MoveList,
        ) {
            Self::weigh_leads::<false>(memo, view, trump, hints, moves);
        }
    }

    ddsolve_cards::fast_copy! { Self:
        /// The leader's moves (two or more) weighed and sorted, with the lead categories'
        /// bonuses ([`MoveOrdering::order_lead_with_categories`]).
        pub(super) fn order_lead_categorised / order_lead_categorised_fast(
            memo: &LeadMemo,
            view: &TrickView,
            hints: &OrderHints,
            moves: &mut MoveList,
        ) {
            let keyed = Self::weigh_leads::<true>(memo, view, view.live_trump(), hints, moves);
            sort(moves);
            if keyed {
                for m in moves.iter_mut() {
                    m.weight = from_key(m.weight);
                }
            }
        }
    }
}

/// Each move's weight `weight(suit index, move)`; with `keyed`
/// (the suits' lead categories, where some suit has one of the three lanes'), the [`key`]
/// of the weight and the move's bonus.
#[inline(always)]
pub(super) fn weigh_each(
    moves: &mut MoveList,
    keyed: Option<&[SuitBonus; 4]>,
    weight: impl Fn(usize, &Move) -> i32,
) {
    let middle = LeadCategory::Middle.bonus();
    for m in moves.iter_mut() {
        let s = m.card.suit().index();
        let w = weight(s, m);
        m.weight = match keyed {
            Some(bonus) => key(w, bonus[s].of(m.equals.0, middle)),
            None => w,
        };
    }
}
