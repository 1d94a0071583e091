//! The workspace's orderings chosen at run time.

use crate::{CutoffOrdering, LeadCategories, TunedOrdering};
use crate::{PaperOrdering, RankOrdering};
use ddsolve_cards::Card;
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};

/// Which of the workspace's move orderings to use, chosen at run time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OrderingKind {
    /// [`TunedOrdering`]: the paper's ideas refined.
    Tuned,
    /// [`PaperOrdering`]: the weights of chapter 5 of Haglund's paper.
    Paper,
    /// [`RankOrdering`]: highest rank first, a baseline for ablation.
    Rank,
    /// [`CutoffOrdering`] in front of [`TunedOrdering`] (with [`LeadCategories`]' bonuses at
    /// leads): a remembered cutoff card first for leads and hands following suit, the full
    /// ordering only when it fails (the default: the fewest nodes over ordinary and freak
    /// deals).
    #[default]
    Cutoff,
    /// [`CutoffOrdering::following_only`] in front of [`TunedOrdering`]: the memory for
    /// hands following suit only (for ablation).
    CutoffFollowing,
    /// [`Cutoff`](OrderingKind::Cutoff) with the memory keyed by the cards alone, not the
    /// tricks needed ([`CutoffOrdering::keyed_by_need`] off, for ablation).
    CutoffAnyNeed,
    /// [`Cutoff`](OrderingKind::Cutoff) with the search's per-depth hints passed on to the
    /// tuned ordering at leads ([`CutoffOrdering::lead_hints`] on, for ablation).
    CutoffLeadHints,
    /// [`Cutoff`](OrderingKind::Cutoff) without the lead categories' bonuses
    /// ([`LeadCategories::enabled`] off: the tuned weights alone at leads, for ablation).
    CutoffNoLeadCategories,
}

impl OrderingKind {
    /// Every kind, in declaration order (for tests and ablations that try them all).
    pub const ALL: [OrderingKind; 8] = [
        OrderingKind::Tuned,
        OrderingKind::Paper,
        OrderingKind::Rank,
        OrderingKind::Cutoff,
        OrderingKind::CutoffFollowing,
        OrderingKind::CutoffAnyNeed,
        OrderingKind::CutoffLeadHints,
        OrderingKind::CutoffNoLeadCategories,
    ];
}

/// One of the workspace's orderings, dispatched by a `match` (no virtual calls): what a
/// solver built from a configuration uses. An ordering of one's own plugs in directly as
/// the solver's type parameter instead.
#[derive(Clone, Debug)]
pub enum AnyOrdering {
    /// [`TunedOrdering`].
    Tuned(TunedOrdering),
    /// [`PaperOrdering`].
    Paper(PaperOrdering),
    /// [`RankOrdering`].
    Rank(RankOrdering),
    /// [`CutoffOrdering`] in front of [`TunedOrdering`] with [`LeadCategories`] (either kind
    /// of memory, categories on or off).
    Cutoff(CutoffOrdering<LeadCategories<TunedOrdering>>),
}

impl AnyOrdering {
    /// The ordering of `kind`.
    pub fn new(kind: OrderingKind) -> AnyOrdering {
        match kind {
            OrderingKind::Tuned => AnyOrdering::Tuned(TunedOrdering::default()),
            OrderingKind::Paper => AnyOrdering::Paper(PaperOrdering),
            OrderingKind::Rank => AnyOrdering::Rank(RankOrdering),
            OrderingKind::Cutoff => AnyOrdering::Cutoff(CutoffOrdering::new(tuned())),
            OrderingKind::CutoffFollowing => {
                AnyOrdering::Cutoff(CutoffOrdering::following_only(tuned()))
            }
            OrderingKind::CutoffAnyNeed => {
                AnyOrdering::Cutoff(CutoffOrdering::new(tuned()).keyed_by_need(false))
            }
            OrderingKind::CutoffLeadHints => {
                AnyOrdering::Cutoff(CutoffOrdering::new(tuned()).lead_hints(true))
            }
            OrderingKind::CutoffNoLeadCategories => AnyOrdering::Cutoff(CutoffOrdering::new(
                LeadCategories::new(TunedOrdering::default()).enabled(false),
            )),
        }
    }
}

/// The tuned ordering with the lead categories, behind the cutoff memory of the default.
fn tuned() -> LeadCategories<TunedOrdering> {
    LeadCategories::new(TunedOrdering::default())
}

impl Default for AnyOrdering {
    fn default() -> AnyOrdering {
        AnyOrdering::new(OrderingKind::default())
    }
}

impl MoveOrdering for AnyOrdering {
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        // The default first, by a test and a branch: a `match` on four variants compiles
        // to a jump table, an indirect branch at every node (here and below).
        if let AnyOrdering::Cutoff(o) = self {
            return o.order(view, hints, moves);
        }
        match self {
            AnyOrdering::Tuned(o) => o.order(view, hints, moves),
            AnyOrdering::Paper(o) => o.order(view, hints, moves),
            AnyOrdering::Rank(o) => o.order(view, hints, moves),
            AnyOrdering::Cutoff(o) => o.order(view, hints, moves),
        }
    }

    // Always inlined, as `CutoffOrdering::first` is: measured with callgrind against
    // `#[inline]` (docs/benchmarks/).
    #[inline(always)]
    fn first(&mut self, view: &TrickView, hints: &OrderHints) -> Option<Card> {
        if let AnyOrdering::Cutoff(o) = self {
            return o.first(view, hints);
        }
        match self {
            AnyOrdering::Tuned(o) => o.first(view, hints),
            AnyOrdering::Paper(o) => o.first(view, hints),
            AnyOrdering::Rank(o) => o.first(view, hints),
            AnyOrdering::Cutoff(o) => o.first(view, hints),
        }
    }

    // Always inlined, as `first` is.
    #[inline(always)]
    fn first_noted(&mut self, view: &TrickView, hints: &OrderHints) -> (Option<Card>, u64) {
        if let AnyOrdering::Cutoff(o) = self {
            return o.first_noted(view, hints);
        }
        (self.first(view, hints), 0)
    }

    #[inline]
    fn cutoff_noted(&mut self, view: &TrickView, hints: &OrderHints, card: Card, note: u64) {
        if let AnyOrdering::Cutoff(o) = self {
            return o.cutoff_noted(view, hints, card, note);
        }
        self.cutoff(view, hints, card);
    }

    #[inline]
    fn cutoff(&mut self, view: &TrickView, hints: &OrderHints, card: Card) {
        if let AnyOrdering::Cutoff(o) = self {
            return o.cutoff(view, hints, card);
        }
        match self {
            AnyOrdering::Tuned(o) => o.cutoff(view, hints, card),
            AnyOrdering::Paper(o) => o.cutoff(view, hints, card),
            AnyOrdering::Rank(o) => o.cutoff(view, hints, card),
            AnyOrdering::Cutoff(o) => o.cutoff(view, hints, card),
        }
    }

    #[inline]
    fn lowest_discards_first(&self) -> bool {
        match self {
            AnyOrdering::Tuned(o) => o.lowest_discards_first(),
            AnyOrdering::Paper(o) => o.lowest_discards_first(),
            AnyOrdering::Rank(o) => o.lowest_discards_first(),
            AnyOrdering::Cutoff(o) => o.lowest_discards_first(),
        }
    }

    #[inline]
    fn reset(&mut self) {
        match self {
            AnyOrdering::Tuned(o) => o.reset(),
            AnyOrdering::Paper(o) => o.reset(),
            AnyOrdering::Rank(o) => o.reset(),
            AnyOrdering::Cutoff(o) => o.reset(),
        }
    }
}
