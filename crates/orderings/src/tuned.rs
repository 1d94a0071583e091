//! [`TunedOrdering`]: move-ordering weights refined beyond the paper's chapter 5, after the
//! later DDS releases' ideas (separate rules for notrump and trumps, for following and
//! discarding, relative ranks, a strong bonus for the last cutoff move of the leader).

use crate::lead_categories::{from_key, key, SuitBonus};
use crate::suit_memo::SuitMemo;
use crate::weights::{bottom, highest_bit, sort, sort_weighed, top, Weights};
use crate::{LeadCategory, LeadWeighing};
use ddsolve_cards::{Card, Hand, Holding, Seat, Suit};
use ddsolve_moves::{Move, MoveList, MoveOrdering, OrderHints, TrickView};

/// Move ordering tuned by measurement on DDS's test deals (the search's default orders
/// through it, behind [`crate::CutoffOrdering`]).
///
/// "Trump" rules apply while any hand still holds a trump; once trumps are gone, or in
/// notrump, the notrump rules apply. Within a suit, ranks are compared relative to the
/// cards still out, so that the weights do not depend on which small cards were played.
#[derive(Clone, Copy, Debug, Default)]
pub struct TunedOrdering;

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

/// What a lead's weight needs to know of its suit, worked out once per suit and node (the
/// rules of [`TunedOrdering::lead_nt`] and [`TunedOrdering::lead_trump`]).
#[derive(Clone, Copy, Debug, Default)]
struct LeadSuit {
    all: Holding,
    /// The bits of the suit's highest and second-highest cards out.
    first: u16,
    second: u16,
    /// The suit's facts, `FLAG_*` bits.
    flags: u16,
    /// The weight, less the move's own terms, when the side wins the trick.
    win: i32,
    /// The same when it does not.
    lose: i32,
}

impl LeadSuit {
    /// Is the flag `f` set?
    #[inline(always)]
    fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }
}

/// A suit's part of a lead's weights, less the opponents' spread term ([`spread`]): the
/// weight when the side wins the trick and when it does not, and the suit's `FLAG_*` bits.
#[derive(Clone, Copy, Debug)]
struct SuitPart {
    win: i32,
    lose: i32,
    flags: u16,
}

/// `f` if `b`, else 0.
#[inline(always)]
fn flag(b: bool, f: u16) -> u16 {
    if b {
        f
    } else {
        0
    }
}

/// One suit at a lead, as the leader's weights see it: the four hands' cards in it, from the
/// leader's seat round, and the bits of its three highest cards out (0 where fewer are out).
#[derive(Clone, Copy, Debug)]
struct LeadHoldings {
    all: Holding,
    me: u16,
    lho: u16,
    pd: u16,
    rho: u16,
    first: u16,
    second: u16,
    third: u16,
}

impl LeadHoldings {
    /// `hands`: the four hands from the leader's seat round; `all`: the suit's cards out.
    #[inline(always)]
    fn new(hands: &[Hand; 4], all: Holding, s: Suit) -> LeadHoldings {
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
    fn holdings(&self) -> [u16; 4] {
        [self.me, self.lho, self.pd, self.rho]
    }

    /// The suit's five highest cards out, as rank bits (0 past the last).
    #[inline(always)]
    fn tops(&self) -> [u16; 5] {
        let rest = self.all.0 & !(self.first | self.second | self.third);
        let fourth = highest_bit(rest);
        let fifth = highest_bit(rest & !fourth);
        [self.first, self.second, self.third, fourth, fifth]
    }

    /// Does partner's top card beat both opponents' (never when partner is void)? The
    /// holdings are disjoint: the one with the highest card is the larger number.
    #[inline(always)]
    fn partner_beats(&self) -> bool {
        self.pd > self.lho | self.rho
    }

    /// Does an opponent hold the suit's top card alone?
    #[inline(always)]
    fn singleton_top(&self) -> bool {
        (self.lho == self.first) | (self.rho == self.first)
    }

    /// How the leader's side holds the second and third cards out, which win the next
    /// round once the top card has gone: 2 when partner holds both, 1 when the leader and
    /// partner hold one each and partner has another card, 0 otherwise.
    #[inline(always)]
    fn next_round_tops(&self) -> usize {
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
struct LeadTrumps {
    /// The hands holding trumps, bit `k` for the `k`-th hand from the leader round.
    holders: u8,
    /// Whether partner's top trump beats the left-hand and the right-hand opponent's.
    overruffs: [bool; 2],
}

impl LeadTrumps {
    /// `hands`: the four hands from the leader round; `t`: trumps.
    #[inline(always)]
    fn new(hands: &[Hand; 4], t: Suit) -> LeadTrumps {
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
    fn key_bits(&self) -> u64 {
        u64::from(self.holders)
            | u64::from(self.overruffs[0]) << 4
            | u64::from(self.overruffs[1]) << 5
    }
}

/// The number of cards of `h`.
#[inline(always)]
fn len16(h: u16) -> i32 {
    h.count_ones() as i32
}

/// The suits `hand` holds, bit `i` for the suit of index `i`: each 16-bit lane's "not
/// empty" gathered by one multiplication.
#[inline(always)]
fn suits_held(hand: Hand) -> u8 {
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
const fn spread_table(div: i32) -> [i32; 32] {
    let mut t = [0; 32];
    let mut c = 0;
    while c < 32 {
        t[c] = -((4 * c as i32) * 32) / div;
        c += 1;
    }
    t
}

/// [`spread_table`] for notrump and for trumps.
const SPREAD_NT: [i32; 32] = spread_table(19);
const SPREAD_TRUMP: [i32; 32] = spread_table(13);

/// The opponents' spread term of a lead's weights, from `table` ([`SPREAD_NT`] or
/// [`SPREAD_TRUMP`]): suits that give the opponents many cards to choose from make larger
/// trees. `lho`, `rho`: their holdings in the suit; `tl`: the leader's cards less one (what
/// a void opponent counts).
#[inline(always)]
fn spread(table: &[i32; 32], lho: u16, rho: u16, tl: i32) -> i32 {
    let count = |h: u16| if h == 0 { tl + 1 } else { len16(h) };
    table[(count(lho) + count(rho)) as usize & 31]
}

/// The key of a suit's facts at a lead in a [`SuitMemo`]: the four holdings from the
/// leader round, one 16-bit lane each (rank bits 2 to 14), and `extra` ([`key_extra`]) in
/// the lanes' bits 0 and 1, which no rank uses (bit 15 stays clear: no key is
/// [`crate::suit_memo::NO_KEY`]).
#[inline(always)]
fn memo_key(holdings: [u16; 4], extra: u64) -> u64 {
    let [me, lho, pd, rho] = holdings.map(u64::from);
    me | lho << 16 | pd << 32 | rho << 48 | extra
}

/// 8 bits of a [`memo_key`] besides the holdings, two to a lane: `mode` (0 notrump, 1 the
/// trump suit, 2 a side suit) and the trump facts the suit's weights read (6 bits, 0 in
/// notrump).
#[inline(always)]
fn key_extra(mode: u64, trumps: u64) -> u64 {
    let v = mode | trumps << 2;
    (v & 3) | (v >> 2 & 3) << 16 | (v >> 4 & 3) << 32 | (v >> 6 & 3) << 48
}

/// A suit's facts at a lead as the memory keeps them (8 bytes): the weights' suit part,
/// less the spread term, when the side wins the trick and when it does not; the lead
/// categories' bonuses of the leader's highest and lowest card; and `FLAG_*` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MemoFacts {
    win: i16,
    lose: i16,
    top: i8,
    bottom: i8,
    flags: u16,
}

/// [`MemoFacts::flags`]: the suit has one of the three lanes' categories.
const FLAG_LANE: u16 = 1;
/// An opponent holds the top card alone.
const FLAG_SINGLETON_TOP: u16 = 1 << 1;
/// The leader holds the top card.
const FLAG_FIRST_ME: u16 = 1 << 2;
/// Notrump: partner's top card beats both opponents'.
const FLAG_PARTNER_BEATS: u16 = 1 << 3;
/// Trumps: the side wins with the top card, and with another.
const FLAG_WINS_WITH_TOP: u16 = 1 << 4;
const FLAG_WINS_BELOW_TOP: u16 = 1 << 5;
/// Trumps: partner holds the top card; the leader and partner the second.
const FLAG_FIRST_PD: u16 = 1 << 6;
const FLAG_SECOND_ME: u16 = 1 << 7;
const FLAG_SECOND_PD: u16 = 1 << 8;

impl MemoFacts {
    /// The facts of `win`, `lose` (which fit 16 bits), the bonuses of `bonus` (which fit 8)
    /// and the flags `flags`.
    #[inline(always)]
    fn new(win: i32, lose: i32, bonus: &SuitBonus, flags: u16) -> MemoFacts {
        let (top, bottom) = bonus.bonuses();
        debug_assert!(i16::try_from(win).is_ok() && i16::try_from(lose).is_ok());
        debug_assert!(i8::try_from(top).is_ok() && i8::try_from(bottom).is_ok());
        MemoFacts {
            win: win as i16,
            lose: lose as i16,
            top: top as i8,
            bottom: bottom as i8,
            flags,
        }
    }

    /// Is the flag `f` set?
    #[inline(always)]
    fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }

    /// The categories' bonuses of the suit, `my` the leader's holding in it, and whether
    /// it has one of the three lanes'.
    #[inline(always)]
    fn bonus(&self, my: u16) -> (SuitBonus, bool) {
        let b = SuitBonus::of_bonuses(my, i32::from(self.top), i32::from(self.bottom));
        (b, self.has(FLAG_LANE))
    }
}

/// An empty slot's facts (never read).
const NO_FACTS: MemoFacts = MemoFacts {
    win: 0,
    lose: 0,
    top: 0,
    bottom: 0,
    flags: 0,
};

thread_local! {
    /// The leads' suits seen last, notrump and trumps alike (the key tells them apart).
    static LEAD_MEMO: SuitMemo<MemoFacts> = const { SuitMemo::new(NO_FACTS) };
}

/// The memory's facts of a suit: `part`, the bonuses of `bonus`, and whether the suit has
/// one of the three lanes' categories.
#[inline(always)]
fn pack(part: &SuitPart, bonus: &SuitBonus, lane: bool) -> MemoFacts {
    MemoFacts::new(
        part.win,
        part.lose,
        bonus,
        part.flags | flag(lane, FLAG_LANE),
    )
}

/// The [`LeadSuit`] of the memory's facts `f`, `all` the suit's cards out and `spread` the
/// spread term.
#[inline(always)]
fn unpack(f: &MemoFacts, all: u16, spread: i32) -> LeadSuit {
    let first = highest_bit(all);
    LeadSuit {
        all: Holding(all),
        first,
        second: highest_bit(all & !first),
        flags: f.flags,
        win: i32::from(f.win) + spread,
        lose: i32::from(f.lose) + spread,
    }
}

impl TunedOrdering {
    /// The suit's facts at a notrump lead, its weights less the opponents' spread term
    /// ([`spread`], added by the caller: the one term that depends on more than the suit).
    #[inline(always)]
    fn lead_nt(h: &LeadHoldings) -> SuitPart {
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
    fn weight_leader_nt<const HINTS: bool>(suit: &LeadSuit, hints: &OrderHints, m: &Move) -> i32 {
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
    fn lead_trump(h: &LeadHoldings, trumps: &LeadTrumps, side_suit: bool) -> (SuitPart, bool) {
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
    fn weight_leader_trump<const HINTS: bool>(
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
    fn weigh_leads<const CATS: bool>(
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
                    view,
                    &hands,
                    &mut per_suit,
                    &mut bonus,
                    &SPREAD_NT,
                    |_| 0,
                    |s, h| {
                        let (b, any) = SuitBonus::new(s, h.holdings(), h.tops(), false, false);
                        pack(&Self::lead_nt(h), &b, any)
                    },
                );
                let keyed = (CATS && any_bonus).then_some(&bonus);
                if no_hints {
                    weigh_each(moves, keyed, |s, m| {
                        Self::weight_leader_nt::<false>(&per_suit[s], hints, m)
                    });
                } else {
                    weigh_each(moves, keyed, |s, m| {
                        Self::weight_leader_nt::<true>(&per_suit[s], hints, m)
                    });
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
                    view,
                    &hands,
                    &mut per_suit,
                    &mut bonus,
                    &SPREAD_TRUMP,
                    |s| extras[usize::from(s != t)],
                    |s, h| {
                        let (part, opponent_ruffs) = Self::lead_trump(h, &trumps, s != t);
                        let (b, any) =
                            SuitBonus::new(s, h.holdings(), h.tops(), opponent_ruffs, s == t);
                        pack(&part, &b, any)
                    },
                );
                let keyed = (CATS && any_bonus).then_some(&bonus);
                if no_hints {
                    weigh_each(moves, keyed, |s, m| {
                        Self::weight_leader_trump::<false>(&per_suit[s], hints, m)
                    });
                } else {
                    weigh_each(moves, keyed, |s, m| {
                        Self::weight_leader_trump::<true>(&per_suit[s], hints, m)
                    });
                }
                CATS && any_bonus
            }
        }
    }

    /// Every suit the leader holds (a superset of the moves' suits: the one the search
    /// tried first may be missing from the list, and gets weights no move reads), as
    /// [`LeadSuit`]s in `per_suit` by suit index: each suit's facts from [`LEAD_MEMO`] under the key of its
    /// holdings and `extra(suit)`, worked out by `facts` when the memory does not have them,
    /// with the spread term of `spread_table` added. With `CATS`, also each suit's lead
    /// categories' bonuses in `bonus`; the answer is whether any suit has one.
    #[inline(always)]
    fn lead_suits<const CATS: bool>(
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
        LEAD_MEMO.with(|memo| {
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
        });
        any_bonus
    }

    /// The leader's weights, without the categories.
    #[inline(never)]
    fn leader(view: &TrickView, trump: Option<Suit>, hints: &OrderHints, moves: &mut MoveList) {
        Self::weigh_leads::<false>(view, trump, hints, moves);
    }

    /// The leader's moves (two or more) weighed and sorted, with the lead categories'
    /// bonuses ([`MoveOrdering::order_lead_with_categories`]).
    #[inline(never)]
    fn order_lead_categorised(view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        let keyed = Self::weigh_leads::<true>(view, view.live_trump(), hints, moves);
        sort(moves);
        if keyed {
            for m in moves.iter_mut() {
                m.weight = from_key(m.weight);
            }
        }
    }
}

/// Each move's weight `weight(suit index, move)`; with `keyed`
/// (the suits' lead categories, where some suit has one of the three lanes'), the [`key`]
/// of the weight and the move's bonus.
#[inline(always)]
fn weigh_each(
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

/// The trick so far, as the following hands' weights see it.
struct Trick {
    led: Suit,
    /// The card winning so far and its index in the trick.
    winning: Card,
    winner: usize,
    /// The cards of the suit led still out when the trick began.
    all: Holding,
    /// The cards of every suit out when the trick began ([`TrickView::out`]).
    out: Hand,
}

impl Trick {
    /// `out`: the cards out when the trick began ([`TrickView::out`]).
    fn new(view: &TrickView, out: Hand) -> Trick {
        let led = view.trick[0].suit();
        let winner = view.winner;
        Trick {
            led,
            winning: view.trick[winner],
            winner,
            all: out.suit(led),
            out,
        }
    }

    /// The rank of the winning card if it is of the suit led, else 0 (a ruff).
    fn winning_rank(&self) -> u8 {
        if self.winning.suit() == self.led {
            self.winning.rank().get()
        } else {
            0
        }
    }
}

/// How high third hand must play to drive out fourth hand's top card: the cheapest of
/// `moves` above fourth hand's second group (cards touching fourth hand's top card, with
/// cards played earlier counted as gone, form its first group), if that group lies above
/// the card winning so far; else, if second hand is winning, the cheapest card above it.
fn forcing_move(fourth: Holding, all: Holding, trick: &Trick, moves: &MoveList) -> Option<usize> {
    let others = all - fourth;
    let hi = top(fourth);
    if hi == 0 {
        return None;
    }
    // Fourth hand's cards below the first card of another hand under its top card.
    let gap = top(Holding(others.0 & ((1u16 << hi) - 1)));
    if gap == 0 {
        return None;
    }
    let second_group = top(Holding(fourth.0 & ((1u16 << gap) - 1)));
    let cheapest_above = |floor: u8| {
        (0..moves.len())
            .filter(|&k| moves[k].card.suit() == trick.led && moves[k].card.rank().get() > floor)
            .min_by_key(|&k| moves[k].card.rank())
    };
    if second_group > trick.winning_rank() {
        cheapest_above(second_group)
    } else if trick.winner == 1 {
        cheapest_above(trick.winning_rank())
    } else {
        None
    }
}

impl TunedOrdering {
    fn second_hand(
        view: &TrickView,
        t: &Trick,
        trump: Option<Suit>,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let leader = view.leader;
        let (third, fourth) = (leader.partner(), me.partner());
        let led = t.led;
        let lead = view.trick[0].rank().get();
        let hold = |x: Seat, s: Suit| view.holding(x, s);
        let (max3, min3) = (top(hold(third, led)), bottom(hold(third, led)));
        let (maxpd, minpd) = (top(hold(fourth, led)), bottom(hold(fourth, led)));
        let all = t.all;
        let follows = !hold(me, led).is_empty();
        match (trump, follows) {
            (None, true) => {
                if maxpd > lead && maxpd > max3 {
                    // Partner beats both opponents: play low.
                    for (m, w) in moves.iter().zip(ws.iter_mut()) {
                        *w = -i32::from(m.card.rank().get());
                    }
                    return;
                }
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let r = m.card.rank().get();
                    let rel = rel_rank(all, r);
                    *w = if r > lead && r > max3 {
                        81 - i32::from(r)
                    } else if r < min3 || r < minpd {
                        -3 + rel
                    } else if r < lead {
                        -11 + rel
                    } else if m.equals.len() > 1 {
                        10 + rel
                    } else {
                        13 - i32::from(r)
                    };
                }
            }
            (Some(tr), true) => {
                let third_trumps = hold(third, tr);
                let fourth_trumps = hold(fourth, tr);
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let r = m.card.rank().get();
                    let rel = rel_rank(all, r);
                    let wins = if led == tr {
                        (maxpd > lead && maxpd > max3) || (r > lead && r > max3)
                    } else if r > lead && r > max3 {
                        max3 != 0
                            || third_trumps.is_empty()
                            || (maxpd == 0
                                && !fourth_trumps.is_empty()
                                && top(fourth_trumps) > top(third_trumps))
                    } else if maxpd > lead && maxpd > max3 {
                        max3 != 0 || third_trumps.is_empty()
                    } else if lead > maxpd && lead > max3 && lead > r {
                        maxpd == 0
                            && !fourth_trumps.is_empty()
                            && (max3 != 0
                                || third_trumps.is_empty()
                                || top(fourth_trumps) > top(third_trumps))
                    } else {
                        maxpd == 0 && !fourth_trumps.is_empty()
                    };
                    let ir = i32::from(r);
                    *w = if wins {
                        if min3 > r {
                            40 + rel
                        } else if maxpd > lead && top(hold(me, led)) > maxpd {
                            41 + rel
                        } else if r > lead {
                            if r < maxpd {
                                78 - ir
                            } else if r > max3 {
                                73 - ir
                            } else if m.equals.len() > 1 {
                                62 - ir
                            } else {
                                49 - ir
                            }
                        } else if maxpd > 0 {
                            47 - ir
                        } else {
                            40 - ir
                        }
                    } else if r < min3 || r < minpd {
                        -9 + rel
                    } else if r < lead {
                        -16 + rel
                    } else if m.equals.len() > 1 {
                        22 - ir
                    } else {
                        10 - ir
                    };
                }
            }
            (None, false) => {
                let partner_wins = maxpd > lead && maxpd > max3;
                Self::discards(view, t, moves, ws, |info| {
                    if partner_wins {
                        discard_bonus(info, 23, -2, -3)
                    } else {
                        discard_bonus(info, 33, -6, -8)
                    }
                });
            }
            (Some(tr), false) => {
                let third_trumps = hold(third, tr);
                let fourth_trumps = hold(fourth, tr);
                let partner_wins = maxpd > lead && maxpd > max3;
                if led == tr {
                    Self::discards(view, t, moves, ws, |info| {
                        if partner_wins {
                            (info.len << 6) / 44
                        } else {
                            discard_bonus(info, 36, -4, 0)
                        }
                    });
                    return;
                }
                let fourth_ruffs = maxpd == 0 && !fourth_trumps.is_empty();
                let side_wins = if max3 != 0 {
                    partner_wins || fourth_ruffs
                } else {
                    (fourth_ruffs && top(fourth_trumps) > top(third_trumps))
                        || (third_trumps.is_empty() && maxpd > lead)
                };
                let third_follows = max3 != 0;
                let ruff_over_third = third_follows
                    || (maxpd == 0
                        && top(fourth_trumps) > top(third_trumps)
                        && !fourth_trumps.is_empty());
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let ir = i32::from(m.card.rank().get());
                    *w = if s != tr {
                        let add = if side_wins {
                            60 + (info.len << 6) / 44
                        } else {
                            -2 + discard_bonus(info, 36, -4, 0)
                        };
                        -ir + add
                    } else if ruff_over_third || m.card.rank().get() > top(third_trumps) {
                        24 - ir + (info.len << 6) / 44
                    } else {
                        15 - ir + discard_bonus(info, 36, -4, 0)
                    };
                }
            }
        }
    }

    /// Discards: lowest card of each suit, suits weighted by `suit_add`; the weights go to
    /// `ws`, by the moves' index.
    fn discards(
        view: &TrickView,
        t: &Trick,
        moves: &MoveList,
        ws: &mut Weights,
        suit_add: impl Fn(&OwnSuit) -> i32,
    ) {
        let me = view.to_play();
        let suits = moves
            .iter()
            .fold(0u8, |acc, m| acc | 1 << m.card.suit().index());
        let mut adds = [0; 4];
        for s in Suit::ALL {
            if suits & 1 << s.index() != 0 {
                adds[s.index()] = suit_add(&OwnSuit::new(t.out.suit(s), view.holding(me, s)));
            }
        }
        for (m, w) in moves.iter().zip(ws.iter_mut()) {
            *w = -i32::from(m.card.rank().get()) + adds[m.card.suit().index()];
        }
    }

    fn third_hand(
        view: &TrickView,
        t: &Trick,
        trump: Option<Suit>,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let fourth = me.next();
        let led = t.led;
        let cards4 = view.holding(fourth, led);
        let (max4, min4) = (top(cards4), bottom(cards4));
        let follows = !view.holding(me, led).is_empty();
        let low = |ws: &mut Weights| {
            for (m, w) in moves.iter().zip(ws.iter_mut()) {
                *w = -i32::from(m.card.rank().get());
            }
        };
        let cur = t.winning_rank();
        let partner_winning = t.winner == 0;
        if follows {
            let max3 = top(view.holding(me, led));
            let too_low = max3 < min4 || max3 < cur;
            // Weights when we may beat fourth hand: the cheapest card that wins, with a
            // bonus for the card that drives out fourth hand's top if we cannot.
            let contest = |ws: &mut Weights, win_weight: i32, force: bool| {
                let bonus = if force && max4 > max3 && max4 > cur {
                    forcing_move(cards4, t.all, t, moves)
                } else {
                    None
                };
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let r = m.card.rank().get();
                    *w = if r > cur && r > max4 {
                        win_weight - i32::from(r)
                    } else {
                        -i32::from(r)
                    };
                }
                if let Some(k) = bonus {
                    ws[k] += 20;
                }
            };
            match trump {
                None => {
                    if partner_winning && cur > max4 {
                        low(ws);
                        Self::overtake_blocked(view, t, moves, ws);
                    } else if too_low {
                        low(ws);
                    } else {
                        contest(ws, 60, true);
                    }
                }
                Some(tr) => {
                    let ruffed = t.winning.suit() != led;
                    if ruffed
                        || (partner_winning && cur > max4)
                        || (partner_winning && led != tr && max4 == 0)
                        || too_low
                    {
                        low(ws);
                    } else if !partner_winning && led != tr && max4 == 0 {
                        // Fourth hand ruffs or discards: beat second hand.
                        for (m, w) in moves.iter().zip(ws.iter_mut()) {
                            let r = m.card.rank().get();
                            *w = if r > cur { 20 } else { 0 } - i32::from(r);
                        }
                    } else if max3 > max4 {
                        contest(ws, 58, false);
                    } else if led == tr {
                        low(ws);
                        if let Some(k) = forcing_move(cards4, t.all, t, moves) {
                            ws[k] += 20;
                        }
                    } else {
                        contest(ws, 60, true);
                    }
                }
            }
            return;
        }
        // Void in the suit led.
        match trump {
            None => Self::discards(view, t, moves, ws, |info| discard_bonus(info, 24, -4, -4)),
            Some(tr) => {
                if led == tr {
                    Self::discards(view, t, moves, ws, |info| (info.len << 6) / 40);
                    return;
                }
                let fourth_trumps = view.holding(fourth, tr);
                let partner_sure =
                    partner_winning && cur > max4 && (max4 != 0 || fourth_trumps.is_empty());
                let second_ruffed = t.winner == 1 && t.winning.suit() == tr;
                // The leader held the suit's second card out (its card led included).
                let leader_second = partner_winning && max4 != 0 && {
                    let first = 1u16 << top(t.all);
                    let second = t.all.0 & !first & (1u16 << top(Holding(t.all.0 & !first)));
                    let led_cards =
                        view.holding(view.leader, led).0 | 1 << view.trick[0].rank().get();
                    led_cards & second != 0
                };
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let r = m.card.rank().get();
                    let ir = i32::from(r);
                    let add50 = (info.len << 6) / 50;
                    *w = if s != tr {
                        -ir + (info.len << 6) / 40
                    } else if partner_sure {
                        // Don't ruff partner's sure winner.
                        -ir - 50
                    } else if second_ruffed && r < t.winning.rank().get() {
                        // Don't underruff.
                        -32 + rel_rank(info.all, r) + (info.len << 6) / 40
                    } else if partner_winning {
                        if max4 != 0 {
                            if leader_second {
                                36 - ir + add50
                            } else {
                                48 - ir + add50
                            }
                        } else if r > top(fourth_trumps) {
                            48 - ir + add50
                        } else {
                            -12 - ir + add50
                        }
                    } else if max4 != 0 {
                        72 - ir + add50
                    } else if r > top(fourth_trumps) {
                        48 - ir + add50
                    } else {
                        36 - ir + add50
                    };
                }
            }
        }
    }

    /// Notrump, partner's card wins the trick: overtake with the lowest card that does it
    /// when partner is now void in the suit and our top cards can run it.
    fn overtake_blocked(view: &TrickView, t: &Trick, moves: &MoveList, ws: &mut Weights) {
        let me = view.to_play();
        let leader = view.leader;
        let led = t.led;
        if !view.holding(leader, led).is_empty() || top(t.all) != top(view.holding(me, led)) {
            return;
        }
        let opp_len = (view.holding(me.next(), led).len() as i32 - 1)
            .max(view.holding(leader.next(), led).len() as i32);
        let mine = view.holding(me, led);
        let others = t.all - mine - Holding::single(t.winning.rank());
        let run = mine.iter().take_while(|r| others.0 >> r.get() == 0).count() as i32;
        if opp_len < run {
            let cur = t.winning.rank();
            if let Some(k) = (0..moves.len())
                .filter(|&k| moves[k].card.rank() > cur)
                .min_by_key(|&k| moves[k].card.rank())
            {
                ws[k] += 20;
            }
        }
    }

    fn fourth_hand(
        view: &TrickView,
        t: &Trick,
        trump: Option<Suit>,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let led = t.led;
        let partner_winning = t.winner == 1;
        if !view.holding(me, led).is_empty() {
            let ruffed = t.winning.suit() != led;
            for (m, w) in moves.iter().zip(ws.iter_mut()) {
                let r = m.card.rank().get();
                *w = if !partner_winning && !ruffed && r > t.winning.rank().get() {
                    // Win as cheaply as possible.
                    30 - i32::from(r)
                } else {
                    -i32::from(r)
                };
            }
            return;
        }
        match trump {
            None => Self::discards(view, t, moves, ws, |info| discard_bonus(info, 27, -6, -8)),
            Some(tr) => {
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let r = m.card.rank().get();
                    let ir = i32::from(r);
                    let val = discard_bonus(info, 24, -2, 0);
                    *w = if led == tr {
                        -ir + val
                    } else if partner_winning {
                        if s == tr {
                            2 - ir + val
                        } else {
                            25 - ir + val
                        }
                    } else if t.winning.suit() == tr {
                        if s == tr {
                            let rel = rel_rank(info.all, r);
                            if r > t.winning.rank().get() {
                                33 + rel
                            } else {
                                -13 + rel
                            }
                        } else {
                            14 - ir + val
                        }
                    } else if s == tr {
                        33 + rel_rank(info.all, r)
                    } else {
                        14 - ir + val
                    };
                }
            }
        }
    }
}

impl MoveOrdering for TunedOrdering {
    // Inlined so that the search skips the call for the many lists of one move.
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        if moves.len() > 1 {
            Self::order_moves(view, hints, moves);
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
            Self::order_lead_categorised(view, hints, moves);
        }
    }
}

impl TunedOrdering {
    /// [`MoveOrdering::order`] for two moves or more.
    #[inline(never)]
    fn order_moves(view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        // Trump rules only while trumps are out.
        let out = view.out;
        let trump = view.live_trump();
        if view.trick.is_empty() {
            Self::leader(view, trump, hints, moves);
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

#[cfg(test)]
mod tests {
    use super::*;

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
            LeadCategories::new(TunedOrdering).order(&view, hints, &mut moves);
            TunedOrdering.order(&view, hints, &mut plain);
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
