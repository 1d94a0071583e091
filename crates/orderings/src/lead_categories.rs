//! [`LeadCategories`]: the leader's moves sorted into categories, as bridge-solver sorts its
//! leads (a finesse through the next hand, a lead from two of the suit's three top cards,
//! partner's ruff...), and a bonus per category added to an inner ordering's weights.

use crate::weights::{highest_bit, sort};
use ddsolve_cards::{Card, Hand, Suit};
use ddsolve_moves::{Move, MoveList, MoveOrdering, OrderHints, TrickView};

/// An ordering that [`LeadCategories`] can wrap: how it orders a lead with the categories'
/// bonuses added to its weights.
pub trait LeadWeighing: MoveOrdering {
    /// [`MoveOrdering::order`] at a lead (two moves or more), with the bonus of each move's
    /// [`LeadCategory`] added to this ordering's weights, the order being that of sorting
    /// by this ordering's weights and then, stably, by the weights with the bonus. The
    /// default does exactly that (orders, adds the bonuses, sorts again); an ordering that
    /// weighs the leader's suits itself may work the categories out in the same pass and
    /// sort once, to the same order.
    #[inline]
    fn order_lead_with_categories(
        &mut self,
        view: &TrickView,
        hints: &OrderHints,
        moves: &mut MoveList,
    ) {
        self.order(view, hints, moves);
        add_bonus(view, moves);
    }
}

/// The category of a lead, after bridge-solver's `Lead` (its own order is ruff, finesse,
/// strong, plain, free finesse, trump, the rest); here each adds a bonus to the inner
/// ordering's weight ([`LeadCategory::bonus`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadCategory {
    /// Nothing special.
    Plain,
    /// A trump.
    Trump,
    /// The highest card of a suit that gives the right-hand opponent a free finesse, both
    /// holding two cards or more: the leader holds the ace and that opponent the king, or
    /// the leader the king and that opponent the ace, the queen not on the leader's side
    /// (bridge-solver sees it in trump contracts only, this in notrump too).
    FreeFinesse,
    /// The lowest card of such a suit: leading low into the finesse.
    FreeFinesseLow,
    /// The side holds two of the suit's three top cards, both opponents hold the suit.
    Strong,
    /// A finesse through the left-hand opponent, partner and that opponent holding two cards
    /// or more: partner's king against its ace, partner's ace and queen (or the side's queen
    /// and jack) against its king, or partner's king and jack (or the side's jack and ten)
    /// against its queen.
    Finesse,
    /// The lowest card of a suit partner can ruff (void, with no more trumps than the
    /// leader), both opponents following.
    PartnerRuff,
    /// The highest card of such a suit.
    PartnerRuffTop,
    /// A card neither the highest nor the lowest of the leader's suit.
    Middle,
    /// A suit an opponent can ruff (void in it, holding trumps).
    OpponentRuff,
}

impl LeadCategory {
    /// The category of `mv`, a lead of the hand to play in `view` (at a trick's start).
    pub fn of(view: &TrickView, mv: &Move) -> LeadCategory {
        let table = LeadView::new(view);
        let (top, bottom) = table.suit(mv.card.suit()).category(&table);
        let my = table.my.suit(mv.card.suit()).0;
        pick(my, mv.equals.0, top, bottom, LeadCategory::Middle)
    }

    /// The bonus added to the inner ordering's weight, measured on DDS's list100 and random
    /// deals (`BENCHMARKS.md`): the tuned weights already favour most of bridge-solver's
    /// good leads; what they miss is mostly the low lead into a free finesse. The
    /// categories of no bonus are kept for diagnostics ([`LeadCategory::of`]). The middle
    /// cards' bonus applies only at leads where some suit of the leader's has one of the
    /// three lanes' bonuses (opponent's ruff, finesse, free finesse); elsewhere the inner
    /// order stands.
    pub const fn bonus(self) -> i32 {
        match self {
            LeadCategory::FreeFinesseLow => -20,
            LeadCategory::OpponentRuff => -10,
            LeadCategory::Finesse => 15,
            LeadCategory::Middle => -5,
            LeadCategory::Plain
            | LeadCategory::Trump
            | LeadCategory::FreeFinesse
            | LeadCategory::Strong
            | LeadCategory::PartnerRuff
            | LeadCategory::PartnerRuffTop => 0,
        }
    }
}

/// Which of `top` and `bottom` (for the highest and lowest card of the leader's suit, `my`
/// its holding) applies to a move standing for `equals`; `middle` for the others.
#[inline]
fn pick<T>(my: u16, equals: u16, top: T, bottom: T, middle: T) -> T {
    let high = highest_bit(my);
    let low = my & my.wrapping_neg();
    if equals & high != 0 {
        top
    } else if equals & low != 0 {
        bottom
    } else {
        middle
    }
}

/// Does `h` hold the rank bit `b` (never, for no rank: `b` 0)?
#[inline]
fn has(h: u16, b: u16) -> bool {
    h & b != 0
}

/// The leader's view at a lead, as the categories see it: the four hands in the leader's
/// order, and the trump suit while trumps are out.
struct LeadView {
    my: Hand,
    pd: Hand,
    lho: Hand,
    rho: Hand,
    trump: Option<Suit>,
    /// The cards still out (the four hands, at a lead).
    out: Hand,
}

impl LeadView {
    #[inline]
    fn new(view: &TrickView) -> LeadView {
        let me = view.to_play();
        LeadView {
            my: view.hands[me],
            pd: view.hands[me.partner()],
            lho: view.hands[me.next()],
            rho: view.hands[me.prev()],
            trump: view.live_trump(),
            out: view.out,
        }
    }

    /// One suit of it.
    #[inline]
    fn suit(&self, suit: Suit) -> SuitView {
        let mut rest = self.out.suit(suit).0;
        let top = std::array::from_fn(|_| {
            let b = highest_bit(rest);
            rest ^= b;
            b
        });
        SuitView {
            suit,
            my: self.my.suit(suit).0,
            pd: self.pd.suit(suit).0,
            lho: self.lho.suit(suit).0,
            rho: self.rho.suit(suit).0,
            top,
        }
    }
}

/// One suit of the leader's: the four holdings (rank bits) and the suit's five highest
/// cards still out.
struct SuitView {
    suit: Suit,
    my: u16,
    pd: u16,
    lho: u16,
    rho: u16,
    /// The suit's highest cards still out, as rank bits (0 past the last).
    top: [u16; 5],
}

impl SuitView {
    /// Can an opponent ruff the suit (void in it, holding trumps `t`)? Plain `&` and `|`
    /// rather than `&&` and `||` here and below: a few more operations, fewer branches
    /// (these are hard to predict).
    #[inline]
    fn opponent_ruffs(&self, table: &LeadView, t: Suit) -> bool {
        (self.lho == 0) & !table.lho.suit(t).is_empty()
            | (self.rho == 0) & !table.rho.suit(t).is_empty()
    }

    /// A finesse through the left-hand opponent?
    #[inline]
    fn finesse(&self) -> bool {
        let [a, k, q, j, ten] = self.top;
        let (pd, lho, ours) = (self.pd, self.lho, self.my | self.pd);
        (pd.count_ones() >= 2)
            & (lho.count_ones() >= 2)
            & (has(pd, k) & has(lho, a)
                | has(pd, a) & has(lho, k) & (has(pd, q) | has(ours, q) & has(ours, j))
                | has(pd, k) & has(lho, q) & (has(pd, j) | has(ours, j) & has(ours, ten)))
    }

    /// A free finesse for the right-hand opponent?
    #[inline]
    fn free_finesse(&self) -> bool {
        let [a, k, q, ..] = self.top;
        let (my, rho) = (self.my, self.rho);
        (my.count_ones() >= 2)
            & (rho.count_ones() >= 2)
            & (has(my, a) & has(rho, k) | has(my, k) & has(rho, a) & !has(my | self.pd, q))
    }

    /// The categories of the suit's top and bottom cards, tested in bridge-solver's order.
    fn category(&self, table: &LeadView) -> (LeadCategory, LeadCategory) {
        use LeadCategory as C;
        let both = |c: LeadCategory| (c, c);
        if let Some(t) = table.trump {
            if self.suit == t {
                return both(C::Trump);
            }
            if self.opponent_ruffs(table, t) {
                return both(C::OpponentRuff);
            }
        }
        if self.finesse() {
            return both(C::Finesse);
        }
        if self.free_finesse() {
            return (C::FreeFinesse, C::FreeFinesseLow);
        }
        let [a, k, q, ..] = self.top;
        let ours = self.my | self.pd;
        let tops = u32::from(has(ours, a)) + u32::from(has(ours, k)) + u32::from(has(ours, q));
        if self.lho != 0 && self.rho != 0 && tops >= 2 {
            return both(C::Strong);
        }
        if let Some(t) = table.trump {
            let (pdt, myt) = (table.pd.suit(t), table.my.suit(t));
            if self.pd == 0
                && self.lho != 0
                && self.rho != 0
                && !pdt.is_empty()
                && pdt.len() <= myt.len()
                && self.my & self.my.wrapping_neg() != a
            {
                return (C::PartnerRuffTop, C::PartnerRuff);
            }
        }
        both(C::Plain)
    }
}

/// The four suits at once, one 16-bit lane each (a [`Hand`]'s layout: ranks at bits 2 to
/// 14 of a lane, bits 0, 1 and 15 unused): what decides the categories with a bonus,
/// without a branch or a loop over the suits. A lane's answer is its bit 15.
mod lanes {
    /// Bit 0 of every lane.
    const ONES: u64 = 0x0001_0001_0001_0001;
    /// Bit 15 of every lane: where the answers are.
    pub const FLAG: u64 = 0x8000_8000_8000_8000;

    /// Is the lane non-empty?
    #[inline(always)]
    pub fn any(x: u64) -> u64 {
        // Lanes are below 0x8000: adding 0x7fff carries into bit 15 exactly when non-zero.
        (x + (0x7fff * ONES)) & FLAG
    }

    /// Does the lane hold at least two ranks (its lowest bit cleared, still non-empty)?
    #[inline(always)]
    pub fn two(x: u64) -> u64 {
        // `lane - 1` with bit 15 as the borrow's stop.
        any(x & ((x | FLAG) - ONES) & !FLAG)
    }

    /// Does the lane of `x` hold the lane's rank bit of `b` (never where `b`'s is empty)?
    #[inline(always)]
    pub fn has(x: u64, b: u64) -> u64 {
        any(x & b)
    }

    /// The highest rank bit of each lane.
    #[inline(always)]
    pub fn top(x: u64) -> u64 {
        // Smear each lane's highest bit down its lane (masks stop bits from the lane
        // above), then keep the bit whose upper neighbour is clear.
        let mut y = x;
        y |= (y >> 1) & (0x7fff * ONES);
        y |= (y >> 2) & (0x3fff * ONES);
        y |= (y >> 4) & (0x0fff * ONES);
        y |= (y >> 8) & (0x00ff * ONES);
        y ^ ((y >> 1) & (0x7fff * ONES))
    }
}

/// The categories with a bonus, every suit at once: [`SuitView::category`]'s tests that
/// decide them, in its order. Each lane's bit 15 says whether the suit is one an opponent
/// ruffs, a finesse through the left-hand opponent, or a free finesse for the right-hand
/// one (at most one of the three; never the trump suit).
struct BonusLanes {
    ruff: u64,
    finesse: u64,
    free_finesse: u64,
}

impl BonusLanes {
    #[inline]
    fn new(table: &LeadView) -> BonusLanes {
        use lanes::{any, has, top, two, FLAG};
        let (my, pd, lho, rho) = (table.my.0, table.pd.0, table.lho.0, table.rho.0);
        let ours = my | pd;
        let mut rest = table.out.0;
        let mut next = || {
            let b = top(rest);
            rest ^= b;
            b
        };
        let (a, k, q, j, ten) = (next(), next(), next(), next(), next());
        let finesse = two(pd)
            & two(lho)
            & (has(pd, k) & has(lho, a)
                | has(pd, a) & has(lho, k) & (has(pd, q) | has(ours, q) & has(ours, j))
                | has(pd, k) & has(lho, q) & (has(pd, j) | has(ours, j) & has(ours, ten)));
        let free_finesse = two(my)
            & two(rho)
            & (has(my, a) & has(rho, k) | has(my, k) & has(rho, a) & (has(ours, q) ^ FLAG));
        let (ruff, trump_lane) = match table.trump {
            Some(t) => {
                let holds = |h: Hand| if h.suit(t).is_empty() { 0 } else { FLAG };
                let void = |x: u64| any(x) ^ FLAG;
                (
                    void(lho) & holds(table.lho) | void(rho) & holds(table.rho),
                    0x8000u64 << (16 * t.index()),
                )
            }
            None => (0, 0),
        };
        let ruff = ruff & !trump_lane;
        let finesse = finesse & !trump_lane & !ruff;
        BonusLanes {
            ruff,
            finesse,
            free_finesse: free_finesse & !trump_lane & !ruff & !finesse,
        }
    }

    /// Any of the three in a suit the leader holds?
    #[inline]
    fn any(&self, my: Hand) -> bool {
        (self.ruff | self.finesse | self.free_finesse) & lanes::any(my.0) != 0
    }

    /// The bonuses of the top and bottom cards of `suit`.
    #[inline]
    fn bonus(&self, suit: Suit) -> (i32, i32) {
        use LeadCategory as C;
        let at = |x: u64| (x >> (16 * suit.index() + 15)) & 1 != 0;
        if at(self.ruff) {
            (C::OpponentRuff.bonus(), C::OpponentRuff.bonus())
        } else if at(self.finesse) {
            (C::Finesse.bonus(), C::Finesse.bonus())
        } else if at(self.free_finesse) {
            (C::FreeFinesse.bonus(), C::FreeFinesseLow.bonus())
        } else {
            (0, 0)
        }
    }
}

// The lanes leave out the categories of no bonus.
const _: () = assert!(
    LeadCategory::Plain.bonus() == 0
        && LeadCategory::Trump.bonus() == 0
        && LeadCategory::Strong.bonus() == 0
        && LeadCategory::PartnerRuff.bonus() == 0
        && LeadCategory::PartnerRuffTop.bonus() == 0
);

/// An ordering that adds, at leads, the bonus of each move's [`LeadCategory`] to the
/// weights of an inner ordering, in the order of the inner ordering's sort followed by a
/// stable sort on the weights with the bonuses (through
/// [`LeadWeighing::order_lead_with_categories`], which [`TunedOrdering`](crate::TunedOrdering)
/// does in one pass and one sort); elsewhere (and switched off) the inner ordering alone.
///
/// ```
/// use ddsolve_cards::{Card, Deal, Position, Seat, Strain};
/// use ddsolve_moves::{generate, MoveList, MoveOrdering, OrderHints, TrickView};
/// use ddsolve_orderings::{LeadCategories, LeadCategory, TunedOrdering};
///
/// // Spades are trumps; North's low heart would run into West's king.
/// let deal: Deal = "N:32.A4.765.AKQJT9 87654.87632.A43. 9.QJT9.K2.876543 AKQJT.K5.QJT98.2".parse()?;
/// let pos = Position::new(deal, Strain::Spades, Seat::North);
/// let view = TrickView::of(&pos);
/// let mut moves = MoveList::new();
/// generate(&view, &mut moves);
/// LeadCategories::new(TunedOrdering::default()).order(&view, &OrderHints::default(), &mut moves);
/// let low_heart = moves.iter().find(|m| m.card == Card::parse("H4").unwrap()).unwrap();
/// assert_eq!(LeadCategory::of(&view, low_heart), LeadCategory::FreeFinesseLow);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct LeadCategories<O> {
    inner: O,
    off: bool,
}

impl<O> LeadCategories<O> {
    /// `inner` with the categories' bonuses at leads.
    pub fn new(inner: O) -> LeadCategories<O> {
        LeadCategories { inner, off: false }
    }

    /// Switches the bonuses on (the default) or off (the inner ordering alone, for
    /// ablation).
    pub fn enabled(self, on: bool) -> LeadCategories<O> {
        LeadCategories { off: !on, ..self }
    }
}

impl<O: LeadWeighing> MoveOrdering for LeadCategories<O> {
    // Leads out of line: what the move picker inlines stays the inner ordering's call.
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        if view.trick.is_empty() && !self.off {
            return self.order_lead(view, hints, moves);
        }
        self.inner.order(view, hints, moves);
    }

    #[inline]
    fn first(&mut self, view: &TrickView, hints: &OrderHints) -> Option<Card> {
        self.inner.first(view, hints)
    }

    #[inline]
    fn first_noted(&mut self, view: &TrickView, hints: &OrderHints) -> (Option<Card>, u64) {
        self.inner.first_noted(view, hints)
    }

    #[inline]
    fn cutoff(&mut self, view: &TrickView, hints: &OrderHints, card: Card) {
        self.inner.cutoff(view, hints, card)
    }

    #[inline]
    fn cutoff_noted(&mut self, view: &TrickView, hints: &OrderHints, card: Card, note: u64) {
        self.inner.cutoff_noted(view, hints, card, note)
    }

    #[inline]
    fn lowest_discards_first(&self) -> bool {
        // The categories' bonuses are for leads only.
        self.inner.lowest_discards_first()
    }

    #[inline]
    fn reset(&mut self) {
        self.inner.reset()
    }
}

impl<O> LeadCategories<O> {
    /// [`MoveOrdering::order`] at a lead: the inner ordering with the bonuses
    /// ([`LeadWeighing::order_lead_with_categories`]).
    #[inline(never)]
    fn order_lead(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList)
    where
        O: LeadWeighing,
    {
        if moves.len() > 1 {
            self.inner.order_lead_with_categories(view, hints, moves);
        } else {
            self.inner.order(view, hints, moves);
        }
    }
}

/// Adds each lead's bonus to its weight (the moves ordered by an inner ordering) and sorts
/// again, if any suit has a lane's bonus: without one, the middle cards' bonus is not added
/// either ([`LeadWeighing::order_lead_with_categories`]' default).
#[inline]
fn add_bonus(view: &TrickView, moves: &mut MoveList) {
    if moves.len() <= 1 {
        return;
    }
    let table = LeadView::new(view);
    let lanes = BonusLanes::new(&table);
    if !lanes.any(table.my) {
        return;
    }
    let middle = LeadCategory::Middle.bonus();
    for m in moves.iter_mut() {
        let s = m.card.suit();
        let (top, bottom) = lanes.bonus(s);
        m.weight += pick(table.my.suit(s).0, m.equals.0, top, bottom, middle);
    }
    sort(moves);
}

/// One suit's bonuses at a lead, for an ordering that weighs the leader's suits itself
/// ([`LeadWeighing::order_lead_with_categories`]): worked out once a suit from the facts
/// that ordering already has, then read for each move ([`SuitBonus::of`]). The same
/// bonuses as [`add_bonus`]'s lanes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SuitBonus {
    /// The leader's highest and lowest card of the suit (rank bits).
    high: u16,
    low: u16,
    /// Their bonuses.
    top: i32,
    bottom: i32,
}

impl SuitBonus {
    /// The bonuses `top` and `bottom` of the highest and lowest card of `my`, the leader's
    /// holding in the suit (what [`SuitBonus::new`] gave for it, kept apart).
    #[inline(always)]
    pub(crate) fn of_bonuses(my: u16, top: i32, bottom: i32) -> SuitBonus {
        SuitBonus {
            high: highest_bit(my),
            low: my & my.wrapping_neg(),
            top,
            bottom,
        }
    }

    /// The bonuses of the highest and of the lowest card.
    #[inline(always)]
    pub(crate) fn bonuses(&self) -> (i32, i32) {
        (self.top, self.bottom)
    }

    /// The suit's bonuses, and whether it has one of the three lanes' categories (an
    /// opponent's ruff, a finesse, a free finesse), from the suit's holdings of the leader,
    /// the left-hand opponent, partner and the right-hand opponent (rank bits), its five
    /// highest cards out (0 past the last), whether an opponent void in it holds trumps,
    /// and whether it is the trump suit (no bonus but the middle cards').
    #[inline(always)]
    pub(crate) fn new(
        suit: Suit,
        [my, lho, pd, rho]: [u16; 4],
        top: [u16; 5],
        opponent_ruffs: bool,
        is_trump: bool,
    ) -> (SuitBonus, bool) {
        use LeadCategory as C;
        let view = SuitView {
            suit,
            my,
            pd,
            lho,
            rho,
            top,
        };
        let (top, bottom, lane) = if is_trump {
            (0, 0, false)
        } else if opponent_ruffs {
            (C::OpponentRuff.bonus(), C::OpponentRuff.bonus(), true)
        } else if view.finesse() {
            (C::Finesse.bonus(), C::Finesse.bonus(), true)
        } else if view.free_finesse() {
            (C::FreeFinesse.bonus(), C::FreeFinesseLow.bonus(), true)
        } else {
            (0, 0, false)
        };
        (SuitBonus::of_bonuses(my, top, bottom), lane)
    }

    /// The bonus of a lead of the suit standing for `equals`: `middle` for a card neither
    /// the leader's highest nor its lowest.
    #[inline(always)]
    pub(crate) fn of(&self, equals: u16, middle: i32) -> i32 {
        // By masks, not branches (which card of the suit a move is, is hard to predict).
        let high = -i32::from(equals & self.high != 0);
        let low = !high & -i32::from(equals & self.low != 0);
        middle + (high & (self.top - middle)) + (low & (self.bottom - middle))
    }
}

/// A key that sorts by the weight with the bonus `bonus` and, among equal ones, by the
/// weight without it (the higher first): the order of a stable sort by the weight and then
/// by the weight with the bonus, in one sort. [`from_key`] gives the weight with the bonus
/// back.
#[inline(always)]
pub(crate) fn key(weight: i32, bonus: i32) -> i32 {
    // Among equal sums, the higher weight has the lower bonus.
    (weight + bonus) * KEY_SCALE + (KEY_SCALE / 2 - 1 - bonus)
}

/// The weight with the bonus, of a [`key`].
#[inline(always)]
pub(crate) fn from_key(key: i32) -> i32 {
    // An arithmetic shift: the floor of the division, whatever the sign.
    key >> KEY_SCALE.trailing_zeros()
}

/// The factor of [`key`]'s weights: every bonus `b` keeps `KEY_SCALE / 2 - 1 - b` in
/// `0..KEY_SCALE`.
const KEY_SCALE: i32 = 64;

const _: () = {
    let all = [
        LeadCategory::Plain,
        LeadCategory::Trump,
        LeadCategory::FreeFinesse,
        LeadCategory::FreeFinesseLow,
        LeadCategory::Strong,
        LeadCategory::Finesse,
        LeadCategory::PartnerRuff,
        LeadCategory::PartnerRuffTop,
        LeadCategory::Middle,
        LeadCategory::OpponentRuff,
    ];
    let mut i = 0;
    while i < all.len() {
        let b = all[i].bonus();
        assert!(b > -KEY_SCALE / 2 && b < KEY_SCALE / 2);
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TunedOrdering;
    use ddsolve_cards::{Deal, Position, Seat, Strain};
    use ddsolve_moves::{generate, generate_one};

    /// The category of North's lead of `card` in `strain`.
    fn category(deal: &str, strain: Strain, card: &str) -> LeadCategory {
        let deal: Deal = deal.parse().unwrap();
        let pos = Position::new(deal, strain, Seat::North);
        let view = TrickView::of(&pos);
        let mv = generate_one(&view, Card::parse(card).unwrap()).expect("North holds the card");
        LeadCategory::of(&view, &mv)
    }

    // North: A4 of hearts under West's K5; 765 of diamonds, partner's K2 over East's A43;
    // clubs, which East (void, with trumps) ruffs.
    const FINESSES: &str = "N:32.A4.765.AKQJT9 87654.87632.A43. 9.QJT9.K2.876543 AKQJT.K5.QJT98.2";

    #[test]
    fn finesses_trumps_and_ruffs_are_told_apart() {
        use LeadCategory as C;
        let cases = [
            ("HA", C::FreeFinesse),
            ("H4", C::FreeFinesseLow),
            ("D7", C::Finesse),
            ("CA", C::OpponentRuff),
            ("S3", C::Trump),
        ];
        for (card, want) in cases {
            assert_eq!(category(FINESSES, Strain::Spades, card), want, "{card}");
        }
        // In notrump nobody ruffs; the free finesse is seen first, and East, void, makes
        // clubs no strong suit.
        assert_eq!(category(FINESSES, Strain::NoTrump, "H4"), C::FreeFinesseLow);
        assert_eq!(category(FINESSES, Strain::NoTrump, "CA"), C::Plain);
        assert_eq!(category(FINESSES, Strain::NoTrump, "S3"), C::Plain);
    }

    #[test]
    fn partner_ruffs_the_lowest_card() {
        // South is void in hearts with two trumps to North's three.
        let deal = "N:AKQ.632.864.AKQJ 7654.98754.JT.43 32..97532.T98765 JT98.AKQJT.AKQ.2";
        assert_eq!(
            category(deal, Strain::Spades, "H3"),
            LeadCategory::PartnerRuff
        );
        assert_eq!(
            category(deal, Strain::Spades, "H6"),
            LeadCategory::PartnerRuffTop
        );
        // A middle card and a suit without a category.
        assert_eq!(category(deal, Strain::Spades, "D6"), LeadCategory::Middle);
        assert_eq!(category(deal, Strain::Spades, "D4"), LeadCategory::Plain);
        // North's top spades against both opponents' spades, in notrump.
        assert_eq!(category(deal, Strain::NoTrump, "SA"), LeadCategory::Strong);
    }

    #[test]
    fn the_tuned_pass_orders_as_the_lanes_and_a_second_sort() {
        // The tuned ordering's categories (one suit at a time, in its own pass, one sort)
        // against the default path's (the four suits at once in lanes, a second sort), on
        // random leads of every length, with hints that move weights.
        use ddsolve_cards::DealRng;
        use ddsolve_testkit::oracle::random_ending_of;
        let mut rng = DealRng::new(0x1ead_f01d);
        let (mut leads, mut keyed) = (0, 0);
        for k in 0..6000 {
            let pos = random_ending_of(&mut rng, 1 + k % 13);
            let view = TrickView::of(&pos);
            if !view.trick.is_empty() {
                continue;
            }
            let mut moves = MoveList::new();
            generate(&view, &mut moves);
            // A move's card about half the time, else none.
            let mut pick = || {
                let i = rng.below(2 * moves.len() as u64) as usize;
                moves.get(i).map(|m| m.card)
            };
            let hints = OrderHints {
                cutoff: pick(),
                tt: pick(),
                need: 0,
            };
            let mut reference = moves.clone();
            TunedOrdering::default().order(&view, &hints, &mut reference);
            let before = reference.clone();
            add_bonus(&view, &mut reference);
            keyed += usize::from(before != reference);
            LeadCategories::new(TunedOrdering::default()).order(&view, &hints, &mut moves);
            assert_eq!(moves, reference, "{pos:?} {hints:?}");
            leads += 1;
        }
        // Enough leads, and enough with a bonus, for the comparison to mean something.
        assert!(
            leads > 3000 && keyed > 300,
            "{leads} leads, {keyed} with a bonus"
        );
    }

    #[test]
    fn bonuses_reorder_the_leads_and_nothing_else() {
        let deal: Deal = FINESSES.parse().unwrap();
        let pos = Position::new(deal, Strain::Spades, Seat::North);
        let view = TrickView::of(&pos);
        let (mut with, mut without) = (MoveList::new(), MoveList::new());
        generate(&view, &mut with);
        generate(&view, &mut without);
        let hints = OrderHints::default();
        LeadCategories::new(TunedOrdering::default()).order(&view, &hints, &mut with);
        LeadCategories::new(TunedOrdering::default())
            .enabled(false)
            .order(&view, &hints, &mut without);
        let mut tuned = without.clone();
        TunedOrdering::default().order(&view, &hints, &mut tuned);
        assert_eq!(without, tuned, "switched off, the inner ordering alone");
        for m in &with {
            let plain = without.iter().find(|x| x.card == m.card).unwrap();
            assert_eq!(
                m.weight - plain.weight,
                LeadCategory::of(&view, m).bonus(),
                "{}",
                m.card
            );
        }
        assert!(with.windows(2).all(|w| w[0].weight >= w[1].weight));
    }
}
