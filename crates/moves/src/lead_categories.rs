//! [`LeadCategories`]: the leader's moves sorted into categories, as bridge-solver sorts its
//! leads (a finesse through the next hand, a lead from two of the suit's three top cards,
//! partner's ruff...), and a bonus per category added to an inner ordering's weights.

use crate::order::sort;
use crate::{Move, MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_cards::{Card, Seat, Suit};

/// The category of a lead, after bridge-solver's `Lead` (its own order is ruff, finesse,
/// strong, plain, free finesse, trump, the rest); here each adds a bonus to the inner
/// ordering's weight ([`LeadCategory::bonus`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadCategory {
    /// Nothing special.
    Plain,
    /// A trump.
    Trump,
    /// The highest card of a suit that gives the right-hand opponent a free finesse (in a
    /// trump contract: the leader holds the ace over its king, or the king under its ace
    /// without the queen on the side).
    FreeFinesse,
    /// The lowest card of such a suit: leading low into the finesse.
    FreeFinesseLow,
    /// The side holds two of the suit's three top cards, both opponents hold the suit.
    Strong,
    /// A finesse through the left-hand opponent (partner's king over its ace, or partner's
    /// tenace over its king or queen).
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
        let me = view.to_play();
        let s = mv.card.suit();
        let (top, bottom) = suit_category(view, me, live_trump(view), s);
        let my = view.hands[me].suit(s).0;
        pick(my, mv.equals.0, top, bottom, LeadCategory::Middle)
    }

    /// The bonus added to the inner ordering's weight: measured on DDS's list100 and random
    /// deals (BENCHMARKS.md); the tuned weights already favour most of bridge-solver's good
    /// leads, and what they missed is mostly the low lead into a free finesse.
    pub const fn bonus(self) -> i32 {
        match self {
            LeadCategory::FreeFinesseLow => -20,
            LeadCategory::OpponentRuff => -10,
            LeadCategory::Trump | LeadCategory::Finesse | LeadCategory::PartnerRuff => 10,
            LeadCategory::Plain
            | LeadCategory::FreeFinesse
            | LeadCategory::Strong
            | LeadCategory::PartnerRuffTop
            | LeadCategory::Middle => 0,
        }
    }
}

/// Per suit of the leader: the category of its top and bottom cards.
#[derive(Clone, Copy, Debug, Default)]
struct SuitCategory {
    top: i32,
    bottom: i32,
}

impl SuitCategory {
    fn new((top, bottom): (LeadCategory, LeadCategory)) -> SuitCategory {
        SuitCategory {
            top: top.bonus(),
            bottom: bottom.bonus(),
        }
    }
}

/// Which of `top` and `bottom` (the categories of the highest and lowest card of the
/// leader's suit, `my` its holding) applies to a move standing for `equals`.
#[inline]
fn pick<T>(my: u16, equals: u16, top: T, bottom: T, middle: T) -> T {
    let high = 1u16 << (15 - my.leading_zeros());
    let low = my & my.wrapping_neg();
    if equals & high != 0 {
        top
    } else if equals & low != 0 {
        bottom
    } else {
        middle
    }
}

/// The highest single rank bit of `x` (0 when empty), removed from `x`.
#[inline]
fn take_top(x: &mut u16) -> u16 {
    if *x == 0 {
        return 0;
    }
    let b = 1u16 << (15 - x.leading_zeros());
    *x &= !b;
    b
}

/// Does `h` hold the rank bit `b` (never, for no rank)?
#[inline]
fn has(h: u16, b: u16) -> bool {
    b != 0 && h & b != 0
}

/// The trumps of `view` while any are out (the tuned ordering's rule too).
#[inline]
fn live_trump(view: &TrickView) -> Option<Suit> {
    view.trump.trump().filter(|&t| !view.out.suit(t).is_empty())
}

/// The categories of the top and bottom cards of the leader's suit `s` (`trump` the trump
/// suit while trumps are out).
fn suit_category(
    view: &TrickView,
    me: Seat,
    trump: Option<Suit>,
    s: Suit,
) -> (LeadCategory, LeadCategory) {
    use LeadCategory as C;
    let h = |x: Seat| view.hands[x].suit(s).0;
    let t = |x: Seat, t: Suit| view.hands[x].suit(t).0;
    let (pd, lho, rho) = (me.partner(), me.next(), me.prev());
    let (my, pds, lhos, rhos) = (h(me), h(pd), h(lho), h(rho));
    let both = |c: LeadCategory| (c, c);
    if let Some(tr) = trump {
        if s == tr {
            return both(C::Trump);
        }
        if (t(lho, tr) != 0 && lhos == 0) || (t(rho, tr) != 0 && rhos == 0) {
            return both(C::OpponentRuff);
        }
    }
    let ours = my | pds;
    let mut all = view.out.suit(s).0;
    let a = take_top(&mut all);
    let k = take_top(&mut all);
    let q = take_top(&mut all);
    let j = take_top(&mut all);
    let ten = take_top(&mut all);
    let (npd, nlho) = (pds.count_ones(), lhos.count_ones());
    if npd >= 2
        && nlho >= 2
        && ((has(pds, k) && has(lhos, a))
            || (has(pds, a) && has(lhos, k) && (has(pds, q) || (has(ours, q) && has(ours, j))))
            || (has(pds, k) && has(lhos, q) && (has(pds, j) || (has(ours, j) && has(ours, ten)))))
    {
        return both(C::Finesse);
    }
    if trump.is_some()
        && my.count_ones() >= 2
        && rhos.count_ones() >= 2
        && ((has(my, a) && has(rhos, k)) || (has(my, k) && has(rhos, a) && !has(ours, q)))
    {
        return (C::FreeFinesse, C::FreeFinesseLow);
    }
    let tops = u32::from(has(ours, a)) + u32::from(has(ours, k)) + u32::from(has(ours, q));
    if lhos != 0 && rhos != 0 && tops >= 2 {
        return both(C::Strong);
    }
    if let Some(tr) = trump {
        let (pdt, myt) = (t(pd, tr), t(me, tr));
        if pds == 0
            && lhos != 0
            && rhos != 0
            && pdt != 0
            && pdt.count_ones() <= myt.count_ones()
            && my & my.wrapping_neg() != a
        {
            return (C::PartnerRuffTop, C::PartnerRuff);
        }
    }
    both(C::Plain)
}

/// An ordering that adds, at leads, the bonus of each move's [`LeadCategory`] to the
/// weights of an inner ordering, and sorts again; elsewhere (and switched off) the inner
/// ordering alone.
///
/// ```
/// use ddsolve_cards::{Card, Deal, Position, Seat, Strain};
/// use ddsolve_moves::{generate, LeadCategories, LeadCategory, MoveList, MoveOrdering};
/// use ddsolve_moves::{OrderHints, TrickView, TunedOrdering};
///
/// // Spades are trumps; North's low heart would run into West's king.
/// let deal: Deal = "N:32.A4.765.AKQJT9 87654.87632.A43. 9.QJT9.K2.876543 AKQJT.K5.QJT98.2".parse()?;
/// let pos = Position::new(deal, Strain::Spades, Seat::North);
/// let view = TrickView::of(&pos);
/// let mut moves = MoveList::new();
/// generate(&view, &mut moves);
/// LeadCategories::new(TunedOrdering).order(&view, &OrderHints::default(), &mut moves);
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

impl<O: MoveOrdering> MoveOrdering for LeadCategories<O> {
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        self.inner.order(view, hints, moves);
        if view.trick.is_empty() && moves.len() > 1 && !self.off {
            self.add_bonus(view, moves);
        }
    }

    #[inline]
    fn first(&mut self, view: &TrickView, hints: &OrderHints) -> Option<Card> {
        self.inner.first(view, hints)
    }

    #[inline]
    fn cutoff(&mut self, view: &TrickView, hints: &OrderHints, card: Card) {
        self.inner.cutoff(view, hints, card)
    }

    #[inline]
    fn reset(&mut self) {
        self.inner.reset()
    }
}

impl<O> LeadCategories<O> {
    /// Adds each lead's bonus to its weight and sorts again.
    #[inline(never)]
    fn add_bonus(&self, view: &TrickView, moves: &mut MoveList) {
        let me = view.to_play();
        let trump = live_trump(view);
        let suits = moves
            .iter()
            .fold(0u8, |acc, m| acc | 1 << m.card.suit().index());
        let mut cats = [SuitCategory::default(); 4];
        for s in Suit::ALL {
            if suits & 1 << s.index() != 0 {
                cats[s.index()] = SuitCategory::new(suit_category(view, me, trump, s));
            }
        }
        for m in moves.iter_mut() {
            let s = m.card.suit();
            let my = view.hands[me].suit(s).0;
            let c = &cats[s.index()];
            m.weight += pick(
                my,
                m.equals.0,
                c.top,
                c.bottom,
                LeadCategory::Middle.bonus(),
            );
        }
        sort(moves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{generate, generate_one, TunedOrdering};
    use ddsolve_cards::{Deal, Position, Strain};

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
        // In notrump nobody ruffs and the free finesse is no category: North-South hold
        // two of the three top hearts; East, void, makes clubs no strong suit.
        assert_eq!(category(FINESSES, Strain::NoTrump, "H4"), C::Strong);
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
        LeadCategories::new(TunedOrdering).order(&view, &hints, &mut with);
        LeadCategories::new(TunedOrdering)
            .enabled(false)
            .order(&view, &hints, &mut without);
        let mut tuned = without.clone();
        TunedOrdering.order(&view, &hints, &mut tuned);
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
