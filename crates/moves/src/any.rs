//! The workspace's orderings chosen at run time.

use crate::{MoveList, MoveOrdering, OrderHints, PaperOrdering, RankOrdering, TrickView};
use crate::TunedOrdering;
use ddsolve_cards::Card;

/// Which of the workspace's move orderings to use, chosen at run time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OrderingKind {
    /// [`TunedOrdering`]: the paper's ideas refined (the default: fewer nodes).
    #[default]
    Tuned,
    /// [`PaperOrdering`]: the weights of chapter 5 of Haglund's paper.
    Paper,
    /// [`RankOrdering`]: highest rank first, a baseline for ablation.
    Rank,
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
}

impl AnyOrdering {
    /// The ordering of `kind`.
    pub const fn new(kind: OrderingKind) -> AnyOrdering {
        match kind {
            OrderingKind::Tuned => AnyOrdering::Tuned(TunedOrdering),
            OrderingKind::Paper => AnyOrdering::Paper(PaperOrdering),
            OrderingKind::Rank => AnyOrdering::Rank(RankOrdering),
        }
    }
}

impl Default for AnyOrdering {
    fn default() -> AnyOrdering {
        AnyOrdering::new(OrderingKind::default())
    }
}

impl MoveOrdering for AnyOrdering {
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        match self {
            AnyOrdering::Tuned(o) => o.order(view, hints, moves),
            AnyOrdering::Paper(o) => o.order(view, hints, moves),
            AnyOrdering::Rank(o) => o.order(view, hints, moves),
        }
    }

    #[inline]
    fn cutoff(&mut self, view: &TrickView, card: Card) {
        match self {
            AnyOrdering::Tuned(o) => o.cutoff(view, card),
            AnyOrdering::Paper(o) => o.cutoff(view, card),
            AnyOrdering::Rank(o) => o.cutoff(view, card),
        }
    }

    #[inline]
    fn reset(&mut self) {
        match self {
            AnyOrdering::Tuned(o) => o.reset(),
            AnyOrdering::Paper(o) => o.reset(),
            AnyOrdering::Rank(o) => o.reset(),
        }
    }
}
