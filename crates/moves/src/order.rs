//! The ordering seam: [`MoveOrdering`](crate::MoveOrdering), which the search is generic
//! over, and [`OrderHints`](crate::OrderHints), what the search tells an ordering of a node.
//! The orderings themselves live in `ddsolve-orderings`.

use crate::{MoveList, TrickView};
use ddsolve_cards::Card;

/// What the search knows that helps ordering: the move that last caused a cutoff at this
/// depth ("best move"), the move stored with the last transposition-table hit, and how many
/// tricks the side to play needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrderHints {
    /// The move that last caused a cutoff at this depth.
    pub cutoff: Option<Card>,
    /// The best move of the transposition-table entry that last matched at this depth.
    pub tt: Option<Card>,
    /// The tricks the side to play needs from here (the current trick included) for the
    /// zero-window search to cut off at this node: the search's target for the side it
    /// maximises, enough tricks to keep that side below it for the other. 0 when unknown.
    pub need: u8,
}

/// Orders a list of generated moves, best first. The solver (`ddsolve_search::Solver`) is
/// generic over this trait, so an ordering can be replaced without touching the search.
///
/// An ordering sees the node through a [`TrickView`] (the cards still in the hands, trumps,
/// the hand on lead and the cards of the trick so far; the cards left, and so the depth, are
/// the hands' total) and the search's [`OrderHints`]. It may keep state of its own between
/// nodes and between searches (`&mut self`: a cutoff-card memory, killer moves): the search
/// reports every cutoff through [`MoveOrdering::cutoff`], and the solver calls
/// [`MoveOrdering::reset`] when it forgets its table (a new trump strain or `clear`).
///
/// The contract: `order` leaves `moves` a permutation of its input (every generated move
/// exactly once); the search's results never depend on the order, only its speed does.
pub trait MoveOrdering {
    /// Sets weights and sorts `moves` (a permutation of the input), best first.
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList);

    /// A card to try before any ordering (say, a remembered cutoff card): the search plays
    /// the legal move that holds it first, and calls [`MoveOrdering::order`] for the other
    /// moves only if it does not cut off. A card that is not legal is ignored. The default
    /// proposes none, so every node is ordered in full.
    #[inline]
    fn first(&mut self, view: &TrickView, hints: &OrderHints) -> Option<Card> {
        let _ = (view, hints);
        None
    }

    /// [`MoveOrdering::first`], with a note of the node's context for
    /// [`MoveOrdering::cutoff_noted`] (what the move picker calls: an ordering that keys a
    /// memory by the node's context computes it once a node instead of twice). The default
    /// notes nothing (0).
    #[inline]
    fn first_noted(&mut self, view: &TrickView, hints: &OrderHints) -> (Option<Card>, u64) {
        (self.first(view, hints), 0)
    }

    /// [`MoveOrdering::cutoff`], given the note [`MoveOrdering::first_noted`] returned for
    /// the node (what the move picker's [`crate::MovePicker::cutoff`] calls). The default
    /// calls `cutoff`.
    #[inline]
    fn cutoff_noted(&mut self, view: &TrickView, hints: &OrderHints, card: Card, note: u64) {
        let _ = note;
        self.cutoff(view, hints, card);
    }

    /// Whether the move picker ([`crate::MovePicker`]) should hand out a discard node's
    /// moves (the hand to play void in the suit led, no proposal) in two steps: first each
    /// suit's lowest run with every move of the live trump suit
    /// ([`TrickView::live_trump`]), as `order` orders that short list; then the others, as
    /// `order` orders them. The default says no: the full list ordered at once.
    #[inline]
    fn lowest_discards_first(&self) -> bool {
        false
    }

    /// `card`, one of the moves `order` was given for the node `view` (with `hints`, the
    /// same as the node's [`MoveOrdering::first`] and [`MoveOrdering::order`] were given),
    /// caused a cutoff there. The default ignores it.
    #[inline]
    fn cutoff(&mut self, view: &TrickView, hints: &OrderHints, card: Card) {
        let _ = (view, hints, card);
    }

    /// Forgets everything learned (the solver's table was cleared). The default does
    /// nothing.
    #[inline]
    fn reset(&mut self) {}
}
