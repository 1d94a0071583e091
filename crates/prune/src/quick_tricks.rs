//! Chapter 3: QuickTricks, the sure tricks of the side on lead at the start of a trick
//! (cashing alone, crossing to partner, both hands cashing, a ruff in partner's hand), and
//! the quick trick of the second hand after the lead (after Kuijf).
//!
//! The count is the best of several ways of taking tricks: the leader cashing alone,
//! crossing to partner, both hands cashing when nobody can ruff, and a ruff in partner's
//! hand. Trumps are cashed first, side suits only as far as no opponent can ruff. Per suit a
//! hand counts its top run, its length once partner and the opponents are void, and two top
//! cards split between the hands (Ax opposite Kx), which can also be the way to partner.
//!
//! The search only uses a count that reaches the tricks its cutoff needs, so the `_for`
//! variants stop as soon as a method of counting can no longer reach them: each way of
//! counting is skipped when a cheap ceiling on it (popcounts over the suits the side tops,
//! top runs where an opponent can ruff) is below that number. Such a count backs up only the
//! suits it uses. [`quick_tricks_ceiling`] is a cheap ceiling on the whole count, so that the
//! search skips the call where it cannot cut.

use crate::estimate::{
    all_above, at_or_below_top, clockwise, down_to, first_suit, hand_of, highest, lanes,
    lowest_rank, nonempty, suit_all, top_cards, top_run, tops_held, Estimate, TOPS,
};
use crate::layout::Layout;
use ddsolve_cards::{Card, Hand, Holding, Seat, SeatMap, Strain, Suit};

/// The four hands of a count from the side of `x`, the hand that cashes: `y` its partner,
/// `o1` and `o2` the opponents (every rule treats the two alike), `all` their cards.
#[derive(Clone, Copy)]
struct CashingSide {
    x: Hand,
    y: Hand,
    o1: Hand,
    o2: Hand,
    all: Hand,
}

impl CashingSide {
    /// The hands of `lay` from the side of the leader.
    #[inline]
    fn new(lay: &Layout) -> CashingSide {
        CashingSide {
            x: lay.leader,
            y: lay.partner,
            o1: lay.lho,
            o2: lay.rho,
            all: lay.all,
        }
    }

    /// The same cards from the side of partner.
    #[inline]
    fn partner(self) -> CashingSide {
        CashingSide {
            x: self.y,
            y: self.x,
            o1: self.o2,
            o2: self.o1,
            all: self.all,
        }
    }
}

/// What `x` takes by cashing its trumps from the top first, and what that leaves.
#[derive(Clone, Copy)]
struct Trumps {
    /// Trump tricks.
    tricks: u32,
    /// The trumps they rest on.
    win: Hand,
    /// Per opponent (`o1`, `o2`): does it still hold trumps once x has cashed its top ones?
    ruffers: [bool; 2],
    /// x's side suits.
    sides: Hand,
}

/// The first part of [`cash_alone`]: `x` cashes its trumps from the top.
#[inline]
fn cash_trumps(tb: CashingSide, trump: Option<Suit>) -> Trumps {
    let Some(t) = trump else {
        return Trumps {
            tricks: 0,
            win: Hand::EMPTY,
            ruffers: [false, false],
            sides: tb.x,
        };
    };
    let (all_t, tx, ty) = (tb.all.suit(t), tb.x.suit(t), tb.y.suit(t));
    let (l1, l2) = (tb.o1.suit(t).len(), tb.o2.suit(t).len());
    let sides = tb.x - tb.x.only_suit(t);
    if l1 == 0 && l2 == 0 && all_above(tx, ty) {
        // Nobody can beat x's trumps: all of them are tricks and x keeps the lead.
        let win = if ty.is_empty() {
            Hand::EMPTY
        } else {
            hand_of(t, down_to(all_t, lowest_rank(tx)))
        };
        return Trumps {
            tricks: tx.len(),
            win,
            ruffers: [false, false],
            sides,
        };
    }
    let run = top_run(all_t, tx);
    let k = run.len();
    let tricks = if k > 0 && k >= l1.max(l2) && ty.len() <= k {
        // After k rounds from the top nobody else has a trump: the rest of x's trumps are
        // tricks too, and x keeps the lead.
        tx.len()
    } else {
        k
    };
    let win = if k > 0 && (l1 > 0 || l2 > 0 || !ty.is_empty()) {
        hand_of(t, run)
    } else {
        Hand::EMPTY
    };
    Trumps {
        tricks,
        win,
        ruffers: [l1 > k, l2 > k],
        sides,
    }
}

/// A ceiling on [`cash_alone`]'s count, cheap enough to skip it where it cannot reach the
/// tricks a cutoff needs. `side_top` holds the suits whose top card is the side's (bit
/// `16 s + 15` for suit `s`). In a suit that the side tops x takes at most as many tricks
/// as it holds cards; where an opponent can ruff, at most its top run (the cards above
/// everyone else's), and nothing once such an opponent is void.
#[inline]
fn cash_alone_ceiling(tb: CashingSide, tr: &Trumps, side_top: u64) -> u32 {
    let cashable = tr.sides.0 & lanes(side_top);
    if !tr.ruffers[0] && !tr.ruffers[1] {
        return tr.tricks + cashable.count_ones();
    }
    let mut ruffed = 0;
    for (o, ruffs) in [(tb.o1, tr.ruffers[0]), (tb.o2, tr.ruffers[1])] {
        if ruffs {
            ruffed |= TOPS & !nonempty(o);
        }
    }
    let run = tb.x.0 & !at_or_below_top(tb.all.0 & !tb.x.0);
    tr.tricks + (cashable & run & !lanes(ruffed)).count_ones()
}

/// Sure tricks for `x` alone cashing from the top while keeping the lead, `y` being its
/// partner (who may have to follow, but never keeps the lead): its trumps first (`tr`, from
/// [`cash_trumps`]), then its side suits. A suit whose two top cards are split between `x`
/// and `y`, each with a small card, counts two tricks: `x` leads low to partner's top card
/// and partner leads back to `x`'s. (When `x` is the partner who got the lead by crossing
/// with its top card of that suit, the second trick ends in the other hand; cashed last,
/// the count still holds.)
#[inline(always)]
fn cash_alone(tb: CashingSide, tr: &Trumps, need: u32) -> Estimate {
    let CashingSide {
        y: hy,
        o1: h1,
        o2: h2,
        all,
        ..
    } = tb;
    let Trumps {
        tricks,
        win,
        ruffers,
        sides,
    } = *tr;
    if tricks >= need {
        // The trumps alone reach `need`: no side suit is needed (nor backs up ranks).
        return Estimate {
            tricks: tricks.min(13) as u8,
            win,
        };
    }
    let mut parts = [Part::default(); 4];
    let (mut total, mut total_win) = (0, Hand::EMPTY);
    // Only the suits x can cash: a card of its own and the side's top card.
    let mut held = cash_suits(sides, hy, all);
    while held != 0 {
        let s = first_suit(held);
        held &= held - 1;
        let (all_s, sx) = (all.suit(s), sides.suit(s));
        let (count, marks) = if ruffers[0] || ruffers[1] {
            // An opponent with trumps left ruffs once void: x takes the top cards of its
            // run (the cards above everyone else's) until then.
            let run = top_run(all_s, sx);
            let mut count = run.len();
            if ruffers[0] {
                count = count.min(h1.suit(s).len());
            }
            if ruffers[1] {
                count = count.min(h2.suit(s).len());
            }
            (count, top_cards(run, count))
        } else {
            let opp_len = h1.suit(s).len().max(h2.suit(s).len());
            suit_tricks(all_s, sx, hy.suit(s), opp_len, true)
        };
        let part = Part {
            count,
            win: hand_of(s, marks),
        };
        parts[s.index()] = part;
        total += count;
        total_win |= part.win;
    }
    let need = need.saturating_sub(tricks);
    // All the parts when they do not exceed `need` (`select` would take them all: a part of
    // no trick rests on no ranks).
    let (more, more_win) = if total <= need {
        (total, total_win)
    } else {
        select(&parts, need)
    };
    Estimate {
        tricks: (tricks + more).min(13) as u8,
        win: win | more_win,
    }
}

/// The suits `x` may cash, bit `16 s + 15` set for suit `s`: those where `x` (`sides`)
/// holds a card and the side (`sides | hy`) the top card of `all`, all suits at once (see
/// [`nonempty`] and [`tops_held`]).
#[inline]
fn cash_suits(sides: Hand, hy: Hand, all: Hand) -> u64 {
    let ours = sides | hy;
    let theirs = all - ours;
    nonempty(sides) & ((ours.0 | TOPS) - theirs.0) & TOPS
}

/// Sure tricks in one suit for `x` (holding `hx`, at least one card) cashing it while
/// keeping the lead, no opponent being able to ruff: its partner holds `hy`, the longer
/// opponent `opp_len` cards, and `all` is the suit's cards still out; `split` allows the
/// count of two top cards split between the hands. Returns the count and the suit's cards
/// it rests on.
#[inline(always)]
fn suit_tricks(
    all: Holding,
    hx: Holding,
    hy: Holding,
    opp_len: u32,
    split: bool,
) -> (u32, Holding) {
    let run = top_run(all, hx);
    let k = run.len();
    if k >= opp_len {
        if hy.len() <= k {
            // Partner follows under the top run and is then void, as are the opponents:
            // every card of x wins and x keeps the lead. If nobody else holds the suit,
            // that rests on no ranks.
            let marks = if all == hx { Holding::EMPTY } else { run };
            return (hx.len(), marks);
        }
        if all_above(hx, hy) {
            // Once the opponents are out of the suit every card of x wins, and partner's
            // cards are all lower, so x keeps the lead.
            return (hx.len(), down_to(all, lowest_rank(hx)));
        }
    }
    if split && k < 2 && hx.len() >= 2 && hy.len() >= 2 {
        let top2 = highest(all) | highest(all - highest(all));
        if hx.0 & top2.0 != 0 && hy.0 & top2.0 != 0 {
            // The two top cards split between x and partner, each with a small card: x
            // leads low to partner's, partner leads back to x's. If then the opponents
            // and partner are out of the suit, x's other cards win too.
            return if opp_len <= 2 && hy.len() <= 2 {
                (hx.len(), top2)
            } else {
                (2, top2)
            };
        }
    }
    (k, run)
}

/// One suit's contribution to a quick-trick count.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    count: u32,
    win: Hand,
}

/// The parts that reach `need` tricks while backing up as few winning ranks as possible:
/// parts that rest on no ranks first, then the largest (in suit order among equals). All
/// parts if `need` is not reached.
fn select(parts: &[Part; 4], need: u32) -> (u32, Hand) {
    // Order keys: resting on ranks, then fewer tricks, then the suit.
    let key = |i: usize| {
        let p = parts[i];
        u64::from(!p.win.is_empty()) << 40 | u64::from(u32::MAX - p.count) << 8 | i as u64
    };
    // The parts still to take, as a bitset; a part of no trick rests on no ranks and adds
    // nothing, so it is left out.
    let mut left = (0..4).fold(0u32, |m, i| m | u32::from(parts[i].count > 0) << i);
    if need > 0 && left.is_power_of_two() {
        // One part: nothing to order.
        let p = parts[left.trailing_zeros() as usize];
        return (p.count, p.win);
    }
    let (mut n, mut win) = (0, Hand::EMPTY);
    while n < need && left != 0 {
        // The first in order of the parts left.
        let mut first = u64::MAX;
        let mut m = left;
        while m != 0 {
            first = first.min(key(m.trailing_zeros() as usize));
            m &= m - 1;
        }
        let i = (first & 3) as usize;
        left &= !(1 << i);
        n += parts[i].count;
        win |= parts[i].win;
    }
    (n, win)
}

/// A ceiling on [`quick_tricks_for`]'s count, cheap enough to skip it where it cannot
/// reach the tricks a cutoff needs: every count of QuickTricks cashes suits whose top card
/// the leader's side holds (trumps included: a hand without the top trump takes no trump
/// trick), in each at most as many tricks as the longer of the two hands holds, and no more
/// than the side's cards above all of the opponents' while an opponent holds more cards of
/// the suit than that; a ruff in partner's hand (trumps only) is a count of its own, one
/// trick. When an opponent holds a trump, only one hand cashes (alone, or after crossing to
/// it): at most the cards it holds in those suits (when the opponents hold the top trump,
/// both of them ruff: only its cards above all of theirs, in the suits where no opponent
/// holding a trump is void), or the one trick of a ruff (where partner, holding a trump, is
/// void in a suit of the leader's).
pub fn quick_tricks_ceiling(hands: &SeatMap<Hand>, trump: Strain, leader: Seat) -> u8 {
    Layout::new(hands, trump, leader).quick_tricks_ceiling()
}

impl Layout {
    /// [`quick_tricks_ceiling`] of this layout.
    #[inline]
    pub fn quick_tricks_ceiling(&self) -> u8 {
        ceiling(self)
    }

    /// [`quick_tricks_for`] of this layout: nothing (no trick) where
    /// [`Layout::quick_tricks_ceiling`] is below `need`, else the count.
    #[inline]
    pub fn quick_tricks_for(&self, need: u8) -> Estimate {
        if ceiling(self) < need {
            return Estimate::default();
        }
        count_for(self, need)
    }
}

ddsolve_cards::fast_copy! {
    /// [`quick_tricks_for`] past its ceiling, out of line.
    fn count_for / count_for_fast(lay: &Layout, need: u8) -> Estimate {
        count_quick_tricks::<true>(lay, need)
    }
}

/// [`Layout::quick_tricks_ceiling`].
#[inline(always)]
fn ceiling(lay: &Layout) -> u8 {
    let (l, o1, p, o2) = (lay.leader, lay.lho, lay.partner, lay.rho);
    let side_top = lay.side_top;
    let n = match lay.trump {
        Some(t) if !(o1 | o2).suit(t).is_empty() => {
            let trumps = 0xffff << (16 * t.index());
            let reach = if side_top & trumps != 0 {
                lanes(side_top)
            } else {
                // The opponents hold the top trump, so both of them (with a trump each)
                // can ruff: a hand cashes at most its cards above all of the opponents'
                // in the suits where no opponent with a trump is void.
                let voids = |o: Hand| (TOPS & !nonempty(o)) * u64::from(o.0 & trumps != 0);
                let ruffed = voids(o1) | voids(o2);
                !at_or_below_top((o1 | o2).0) & !lanes(ruffed)
            };
            // A ruff in partner's hand: a side suit of the leader's where partner, holding
            // a trump, is void.
            let ruff = p.0 & trumps != 0 && nonempty(l) & !nonempty(p) & !trumps != 0;
            (l.0 & reach)
                .count_ones()
                .max((p.0 & reach).count_ones())
                .max(u32::from(ruff))
        }
        t => {
            // Per suit the side tops: while an opponent holds more cards than the side
            // holds above all of theirs, no hand takes more than those; else no more than
            // the longer hand of the side holds. (Every count keeps to the two bounds:
            // a top run, split top cards, or a hand's length once the others are void.)
            let runs = (l | p).0 & !at_or_below_top((o1 | o2).0);
            let mut n = 0;
            let mut topped = side_top;
            while topped != 0 {
                let s = first_suit(topped);
                topped &= topped - 1;
                let run = (runs >> (16 * s.index()) & 0xffff).count_ones();
                let opp_len = o1.suit(s).len().max(o2.suit(s).len());
                n += if opp_len > run {
                    run
                } else {
                    l.suit(s).len().max(p.suit(s).len())
                };
            }
            n.max(u32::from(t.is_some()))
        }
    };
    n.min(13) as u8
}

/// Chapter 3's QuickTricks: sure tricks for the side of `leader`, at the start of a trick.
///
/// The bound is the best of: the leader cashing its own top cards (trumps first, then side
/// suits as far as the opponents cannot ruff), crossing to partner through a suit where
/// partner holds the top card (and no opponent can ruff it) and partner cashing, both hands
/// cashing their top cards when the opponents cannot ruff, and a ruff in partner's hand.
pub fn quick_tricks(hands: &SeatMap<Hand>, trump: Strain, leader: Seat) -> Estimate {
    count_quick_tricks::<false>(&Layout::new(hands, trump, leader), 13)
}

/// [`quick_tricks`] for a search that needs `need` tricks for a cutoff: once a count reaches
/// `need`, only the suits it uses back up winning ranks (fewer ranks make more general
/// transposition-table entries). A count that cannot reach `need` is of no use to the
/// search, so each way of counting stops as soon as it cannot: the count is then some sure
/// count below `need`, perhaps below [`quick_tricks`]'s.
pub fn quick_tricks_for(hands: &SeatMap<Hand>, trump: Strain, leader: Seat, need: u8) -> Estimate {
    Layout::new(hands, trump, leader).quick_tricks_for(need)
}

/// [`quick_tricks_for`], each way of counting giving up once it cannot reach `need` if
/// `STOP` (else counting in full, as [`quick_tricks`] does).
#[inline(always)]
fn count_quick_tricks<const STOP: bool>(lay: &Layout, need: u8) -> Estimate {
    let need = u32::from(need);
    let t = lay.trump;
    let tb = CashingSide::new(lay);
    // The suits whose top card is the side's, and their cards: no hand of the side takes
    // more tricks than it holds cards there (trumps included: a hand without the top trump
    // takes no trump trick).
    let side_top = lay.side_top;
    let reach = lanes(side_top);
    // Each way of counting, in turn, unless (with STOP) a ceiling on it is below `need`: a
    // count skipped that way counts as 0, which changes no count that reaches `need`.
    let mut best = Estimate::default();
    if !STOP || (tb.x.0 & reach).count_ones() >= need {
        let own_trumps = cash_trumps(tb, t);
        if !STOP || cash_alone_ceiling(tb, &own_trumps, side_top) >= need {
            let own = cash_alone(tb, &own_trumps, need);
            if u32::from(own.tricks) >= need {
                return own;
            }
            // With STOP a count below `need` is of no use: it is not kept.
            if !STOP {
                best = own;
            }
        }
    }
    if !STOP || (tb.y.0 & reach).count_ones() >= need {
        if let Some(s) = entry_to_partner(tb, t) {
            let pd = tb.partner();
            let pd_trumps = cash_trumps(pd, t);
            if !STOP || cash_alone_ceiling(pd, &pd_trumps, side_top) >= need {
                let via = cash_alone(pd, &pd_trumps, need);
                let better = if STOP {
                    u32::from(via.tricks) >= need
                } else {
                    via.tricks > best.tricks
                };
                if better {
                    best = Estimate {
                        tricks: via.tricks,
                        win: via.win | hand_of(s, highest(tb.all.suit(s))),
                    };
                }
            }
        }
    }
    if u32::from(best.tricks) >= need {
        return best;
    }
    if !STOP || cash_both_ceiling(tb, t) >= need {
        let combined = cash_both(tb, t, need);
        if STOP {
            if u32::from(combined.tricks) >= need {
                return combined;
            }
        } else if combined.tricks > best.tricks {
            best = combined;
        }
    }
    // A ruff is one trick: of use to a search needing more only as part of a count.
    if best.tricks == 0 && (!STOP || need <= 1) {
        if let Some(tr) = t {
            if let Some(win) = partner_ruff(tb, tr) {
                best = Estimate { tricks: 1, win };
            }
        }
    }
    best
}

/// The suit through which `x` reaches partner: the first (in [`Suit::ALL`] order) where `x`
/// holds a card and partner the top card, and which no opponent can ruff (void in it with
/// trumps left), all suits at once.
#[inline]
fn entry_to_partner(tb: CashingSide, trump: Option<Suit>) -> Option<Suit> {
    let mut suits = nonempty(tb.x) & tops_held(tb.y, tb.all);
    if let Some(t) = trump {
        // The suits an opponent can ruff: void in them, trumps in hand (never trumps).
        let mut ruffed = 0;
        for o in [tb.o1, tb.o2] {
            if !o.suit(t).is_empty() {
                ruffed |= TOPS & !nonempty(o);
            }
        }
        suits &= !ruffed | 0x8000 << (16 * t.index());
    }
    (suits != 0).then(|| first_suit(suits))
}

/// One sure trick by a ruff in partner's hand: the leader (`x`) leads a side suit in which
/// partner is void and holds a trump that no opponent who can ruff is able to beat. Returns
/// the winning ranks it rests on (partner's top trump when an opponent ruffs too).
fn partner_ruff(tb: CashingSide, tr: Suit) -> Option<Hand> {
    let pd_trumps = tb.y.suit(tr);
    if pd_trumps.is_empty() {
        return None;
    }
    let all_t = tb.all.suit(tr);
    let pd_top = pd_trumps.highest().map_or(0, |r| r.get());
    let mut best: Option<Hand> = None;
    for s in Suit::ALL {
        if s == tr || tb.x.suit(s).is_empty() || !tb.y.suit(s).is_empty() {
            continue;
        }
        let ruffs = |o: Hand| o.suit(s).is_empty() && !o.suit(tr).is_empty();
        let over = |o: Hand| pd_top > o.suit(tr).highest().map_or(0, |r| r.get());
        if !ruffs(tb.o1) && !ruffs(tb.o2) {
            // Nobody else can trump: any trump of partner wins.
            return Some(Hand::EMPTY);
        }
        if (!ruffs(tb.o1) || over(tb.o1)) && (!ruffs(tb.o2) || over(tb.o2)) && best.is_none() {
            best = Some(hand_of(tr, down_to(all_t, pd_top)));
        }
    }
    best
}

/// A ceiling on [`cash_both`]'s count: nothing when an opponent holds a trump or the leader
/// has no way to reach partner (a suit partner tops where the leader holds a card, or a
/// suit the leader tops where partner holds a card); else each hand's cards in the suits
/// it tops, at most the tricks left.
#[inline]
fn cash_both_ceiling(tb: CashingSide, trump: Option<Suit>) -> u32 {
    if let Some(t) = trump {
        if !(tb.o1 | tb.o2).suit(t).is_empty() {
            return 0;
        }
    }
    let (x_top, y_top) = (tops_held(tb.x, tb.all), tops_held(tb.y, tb.all));
    if nonempty(tb.x) & y_top == 0 && nonempty(tb.y) & x_top == 0 {
        return 0;
    }
    let cards = (tb.x.0 & lanes(x_top)).count_ones() + (tb.y.0 & lanes(y_top)).count_ones();
    cards.min(tb.x.len())
}

/// When the opponents cannot ruff (notrump, or they hold no trumps): the leader (`x`) cashes
/// the top runs of the suits it tops, then crosses to partner in a suit that partner tops
/// and partner cashes the top runs of its suits. Every counted card is a top card, so the
/// opponents' discards cannot spoil it; partner's forced discards during the leader's run
/// come from its other cards (the count is capped at the tricks left, which leaves partner
/// enough of them), and the leader keeps a card of the entry suit because it never plays
/// that suit while cashing its own.
// Always inlined into the two copies (baseline and fast) of its caller's count.
#[inline(always)]
fn cash_both(tb: CashingSide, trump: Option<Suit>, need: u32) -> Estimate {
    if let Some(t) = trump {
        if !(tb.o1 | tb.o2).suit(t).is_empty() {
            return Estimate::default();
        }
    }
    let left = tb.x.len();
    let mut lead = [Part::default(); 4];
    let mut part = [Part::default(); 4];
    // Partner's suits through which the leader can reach partner, bit `s` for suit `s`.
    let mut entries = 0u32;
    // Leader's suits whose second card is partner's, each hand with a small card.
    let mut split = 0u32;
    // The suits that one hand of the side tops (lane arithmetic, see `estimate.rs`).
    let x_top = tops_held(tb.x, tb.all);
    let mut topped = x_top | tops_held(tb.y, tb.all);
    while topped != 0 {
        let s = first_suit(topped);
        topped &= topped - 1;
        let i = s.index();
        let all = tb.all.suit(s);
        let (hl, hp) = (tb.x.suit(s), tb.y.suit(s));
        let opp_len = tb.o1.suit(s).len().max(tb.o2.suit(s).len());
        if x_top & 0x8000 << (16 * i) != 0 {
            let (count, marks) = suit_tricks(all, hl, hp, opp_len, true);
            let second = highest(all - highest(all));
            let splits = hl.len() >= 2 && hp.len() >= 2 && hp.0 & second.0 != 0 && count >= 2;
            split |= u32::from(splits) << i;
            lead[i] = Part {
                count,
                win: hand_of(s, marks),
            };
        } else {
            // No split suits on partner's side: the entry suit's second trick would leave
            // the lead with the leader.
            let (count, marks) = suit_tricks(all, hp, hl, opp_len, false);
            part[i] = Part {
                count,
                win: hand_of(s, marks),
            };
            entries |= u32::from(!hl.is_empty()) << i;
        }
    }
    // Partner's suits: the best entry suit, then the others as needed. Without one, a
    // suit of the leader's whose second card is partner's (Ax opposite Kx) serves: the
    // leader leads low to partner's card, partner cashes, and leads back to the leader's
    // top card last.
    let entry = if let Some(e) = (0..4)
        .filter(|&i| entries & 1 << i != 0)
        .max_by_key(|&i| (part[i].win.is_empty(), part[i].count))
    {
        std::mem::take(&mut part[e])
    } else if split != 0 {
        std::mem::take(&mut lead[split.trailing_zeros() as usize])
    } else {
        return Estimate::default();
    };
    let lead_total: u32 = lead.iter().map(|p| p.count).sum();
    let part_total: u32 = part.iter().map(|p| p.count).sum();
    let need = need.min(left);
    if lead_total + entry.count + part_total <= need {
        let win = lead
            .iter()
            .chain(part.iter())
            .fold(entry.win, |w, p| w | p.win);
        return Estimate {
            tricks: (lead_total + entry.count + part_total).min(left) as u8,
            win,
        };
    }
    let (n_part, w_part) = select(&part, need.saturating_sub(lead_total + entry.count));
    let (n_lead, w_lead) = select(&lead, need.saturating_sub(entry.count + n_part));
    Estimate {
        tricks: (n_lead + entry.count + n_part).min(left) as u8,
        win: w_lead | entry.win | w_part,
    }
}

/// The simple quick trick after the lead (chapter 3, after Kuijf): does the side of the hand
/// to play (second hand) win the current trick for sure, either with the top card of the
/// suit led or by a ruff that cannot be beaten? Returns 1 trick or 0.
///
/// `lead` is the card led, by `leader`; `hands` the cards not yet played.
pub fn quick_trick_second_hand(
    hands: &SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
    lead: Card,
) -> Estimate {
    quick_tricks_second_hand_for(hands, trump, leader, lead, 1)
}

/// [`quick_trick_second_hand`] for a search that needs `need` tricks for a cutoff. In
/// notrump, once the current trick is sure to be won by a top card, the hand that wins it
/// keeps cashing: its next card of the suit led if that is the next top card, then the top
/// card of each other suit it holds, and every card of a suit that nobody else holds. Each
/// of those is led from the top by the hand already on lead, so each wins. Counting stops
/// at `need`, so that only the ranks the cutoff needs are backed up. A count below `need`
/// is of no use to the search and is not built: with trumps still out the count is at most
/// the current trick, so for a `need` above 1 it is not even tried, and in notrump a count
/// that falls short is found so with lane arithmetic first. The count is then 0.
// Always inlined, into the search's copies (baseline and fast) among others: out of line,
// it would run its baseline code under the search's fast copy.
#[inline(always)]
pub fn quick_tricks_second_hand_for(
    hands: &SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
    lead: Card,
    need: u8,
) -> Estimate {
    // More than the current trick only without ruffs: in notrump, or once every trump is
    // gone. With ruffs, a search needing more has no use for the one trick. (This test is
    // inlined into the caller, the count is not.)
    let ruffs = trump
        .trump()
        .is_some_and(|t| !suit_all(hands, t).is_empty());
    if ruffs && need > 1 {
        return Estimate::default();
    }
    count_second_hand(hands, trump, leader, lead, need, ruffs)
}

ddsolve_cards::fast_copy! {
    /// [`quick_tricks_second_hand_for`] past its first test; `ruffs` tells whether a trump is
    /// still out.
    fn count_second_hand / count_second_hand_fast(
        hands: &SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        lead: Card,
        need: u8,
        ruffs: bool,
    ) -> Estimate {
        if ruffs || need <= 1 {
            return current_trick_second_hand(hands, trump, leader, lead);
        }
        // No trump is out: the current trick is the side's when it holds the top card of the
        // suit led, above the card led (as `current_trick_second_hand` finds).
        let need = u32::from(need);
        let led = lead.suit();
        let [first, me, third, fourth] = clockwise(hands, leader);
        let ours = (me | fourth).suit(led);
        if ours.0 <= ((first | third).suit(led) | Holding::single(lead.rank())).0 {
            return Estimate::default();
        }
        let top = highest(ours);
        let all = first | me | third | fourth;
        let all_led = all.suit(led);
        // The hand that wins this trick with it, and leads next.
        let h = if (me.suit(led) & top).is_empty() {
            fourth
        } else {
            me
        };
        // What the count below reaches, all suits at once (lane arithmetic, see
        // `estimate.rs`): this trick, the next card of the suit led if it is the next top card,
        // every card of the other suits the hand holds alone, the top card of the others it
        // tops. Below `need` it is of no use.
        let others = !(0xffff << (16 * led.index()));
        let alone = nonempty(h) & !nonempty(all - h);
        let topped = tops_held(h, all) & !alone;
        let second = highest(all_led - top);
        let reach = 1
            + u32::from(!(h.suit(led) & second).is_empty())
            + (h.0 & lanes(alone) & others).count_ones()
            + (topped & others).count_ones();
        if reach < need {
            return Estimate::default();
        }
        let mut tricks = 1u32;
        let mut win = hand_of(led, top);
        if !(h.suit(led) & second).is_empty() {
            tricks += 1;
            win |= hand_of(led, second);
            if tricks >= need {
                return Estimate {
                    tricks: tricks as u8,
                    win,
                };
            }
        }
        for s in Suit::ALL {
            let (h, all) = (h.suit(s), all.suit(s));
            if s == led || h.is_empty() {
                continue;
            }
            if all == h {
                tricks += h.len();
            } else if let Some(t) = all.highest() {
                if h.contains(t) {
                    tricks += 1;
                    win |= hand_of(s, Holding::single(t));
                }
            }
            if tricks >= need {
                break;
            }
        }
        Estimate {
            tricks: tricks.min(13) as u8,
            win,
        }
    }
}

/// The one sure trick of [`quick_trick_second_hand`]: the current trick.
fn current_trick_second_hand(
    hands: &SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
    lead: Card,
) -> Estimate {
    let led = lead.suit();
    let [first, me, third, fourth] = clockwise(hands, leader);
    let t = trump.trump();
    let third_can_ruff = match t {
        Some(tr) if tr != led => third.suit(led).is_empty() && !third.suit(tr).is_empty(),
        _ => false,
    };
    let one = |win: Hand| Estimate { tricks: 1, win };
    // The top card of the suit led, in our side's hands, above the lead: our holding is
    // the larger number than the rest of the suit with the card led.
    let ours = (me | fourth).suit(led);
    let theirs = (first | third).suit(led) | Holding::single(lead.rank());
    if !third_can_ruff && ours.0 > theirs.0 {
        return one(hand_of(led, highest(ours)));
    }
    if let Some(tr) = t {
        if tr != led {
            let third_follows = !third.suit(led).is_empty();
            let third_trumps = third.suit(tr);
            // Second hand ruffs, higher than anything third hand could ruff with.
            let my_trumps = me.suit(tr);
            if me.suit(led).is_empty() && !my_trumps.is_empty() {
                if third_follows || third_trumps.is_empty() {
                    return one(Hand::EMPTY);
                }
                if my_trumps.0 > third_trumps.0 {
                    let all_t = suit_all(hands, tr);
                    let r = my_trumps.highest().map_or(0, |r| r.get());
                    return one(hand_of(tr, down_to(all_t, r)));
                }
            }
            // Fourth hand ruffs after third hand, who must follow or has no trumps.
            let fourth_trumps = fourth.suit(tr);
            if fourth.suit(led).is_empty()
                && !fourth_trumps.is_empty()
                && (third_follows || third_trumps.is_empty())
            {
                return one(Hand::EMPTY);
            }
        }
    }
    Estimate::default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::DealRng;

    /// When the parts add up to at most `need`, `select` takes them all: `cash_alone`'s
    /// shortcut for that case gives the same count and ranks.
    #[test]
    fn select_takes_every_part_up_to_need() {
        let mut rng = DealRng::new(0x5e1e_c7a1);
        let mut checked = 0;
        for _ in 0..100_000 {
            let mut parts = [Part::default(); 4];
            let (mut total, mut win) = (0, Hand::EMPTY);
            for (i, p) in parts.iter_mut().enumerate() {
                let count = rng.below(4) as u32;
                // A part of no trick rests on no ranks, as every count builds it.
                let marks = if count == 0 || rng.below(3) == 0 {
                    Holding::EMPTY
                } else {
                    Holding((rng.next_u64() & 0x7ffc) as u16)
                };
                let s = Suit::ALL[i];
                *p = Part {
                    count,
                    win: hand_of(s, marks),
                };
                total += count;
                win |= p.win;
            }
            for need in total.max(1)..=13 {
                assert_eq!(select(&parts, need), (total, win), "{parts:?} {need}");
                checked += 1;
            }
        }
        assert!(checked > 0);
    }

    /// `cash_suits` agrees with testing each suit for a card and the top card.
    #[test]
    fn cash_suits_test_each_suit() {
        let mut rng = DealRng::new(0x5851_f42d_4c95_7f2d);
        for _ in 0..100_000 {
            // The cards still out, and x's and partner's disjoint shares of them.
            let live = rng.next_u64() & rng.next_u64().rotate_left(7) | rng.next_u64();
            let all = Hand(live & Hand::ALL.0);
            let split = rng.next_u64();
            let sides = Hand(all.0 & split & rng.next_u64());
            let hy = Hand(all.0 & !split & rng.next_u64());
            let want = Suit::ALL.iter().fold(0u64, |acc, &s| {
                let (sx, sy) = (sides.suit(s), hy.suit(s));
                // Of two disjoint holdings the one with the higher top card is larger.
                let cash = !sx.is_empty() && (sx | sy).0 > (all.suit(s) - (sx | sy)).0;
                acc | u64::from(cash) << (16 * s.index() + 15)
            });
            assert_eq!(cash_suits(sides, hy, all), want, "{sides:?} {hy:?} {all:?}");
        }
    }
}
