//! The move picker: how a node's moves reach the search, one at a time, in stages (after
//! Stockfish's staged `movepick`).
//!
//! Most nodes of a zero-window search either cut off with their first move or try every
//! move, so the picker does the work of a stage only when the search asks for a move past
//! it:
//!
//! 1. **Proposal** (when the picker is made): the ordering's
//!    [`first`](crate::MoveOrdering::first) card (a remembered cutoff card), as the legal
//!    move that holds it ([`generate_one`]). Nothing else is generated: when the proposal
//!    cuts off, the node never lists or orders its moves.
//! 2. **Generation**: every legal move ([`generate`]), the proposal taken out of the list.
//! 3. **Ordering**: the ordering's [`order`](crate::MoveOrdering::order) of that list.
//! 4. **Rest**: the ordered moves one by one, those Kuijf's rule ([`SmallCardFilter`], fed
//!    by [`MovePicker::searched`]) leaves out skipped.
//!
//! Without a proposal the picker goes straight to generation and ordering, but for a
//! **discard** (the hand to play void in the suit led) when the ordering asks for it
//! ([`MoveOrdering::lowest_discards_first`]), in two steps, after bridge-solver:
//!
//! 2a. **Lowest discards**: each suit's lowest run ([`generate`]'s last move of the suit;
//!     the four suits' at once, by carries in their 16-bit lanes) and every move of the
//!     live trump suit (ruffs, which the ordering ranks on their own terms), in the
//!     ordering's order of that short list;
//! 2b. **Higher discards**, when the search gets past them all: the other moves, generated
//!     and ordered then, and only if Kuijf's rule admits a card of them.
//!
//! A long suit's higher cards thus come after the other suits' lowest, not among them: most
//! discards are decided by the suits' lowest cards (a cutoff, or a rule that leaves out the
//! rest of the suit), and the higher ones are never generated or weighed. Enhanced
//! transposition cutoffs need every move before any is searched:
//! [`MovePicker::every_move`] lists them (in the order generation gives them when there is
//! a proposal, in the order `next` hands them out when there is none: at a discard, both
//! steps at once), and `next` goes on as it would have without it.
//!
//! The picker owns its list ([`MoveList`], inline): it allocates nothing and is made afresh
//! at each node.

use crate::generate::{lowest_runs, push_runs, run_move};
use crate::{
    generate, generate_one, Move, MoveList, MoveOrdering, OrderHints, SmallCardFilter, TrickView,
};
use ddsolve_cards::{Card, Hand, Suit};

/// The moves of one node, handed to the search one at a time, best first: the ordering's
/// proposal, then the other legal moves in the ordering's order (at a discard, when the
/// ordering asks for it, the suits' lowest runs first: see the module), less those Kuijf's
/// small-card rule shows need no search (when the filter is on). Every legal move (its
/// equivalent cards collapsed, as [`generate`] lists them) is handed out at most once, and
/// exactly once with the filter off.
///
/// Making the picker runs the proposal stage (the search makes it before its loop over the
/// moves, so that the common node, cut off by the proposal, does nothing more); `next`
/// runs the others when it reaches them. `next` is given the node's view as a closure,
/// called only by the stages that need it (generation and ordering): handing out a listed
/// move needs none.
///
/// ```
/// use ddsolve_cards::{Deal, Hand, Position, Seat, Strain};
/// use ddsolve_moves::{MoveList, MoveOrdering, MovePicker, OrderHints, TrickView};
///
/// /// The highest card first.
/// struct HighestFirst;
/// impl MoveOrdering for HighestFirst {
///     fn order(&mut self, _: &TrickView, _: &OrderHints, moves: &mut MoveList) {
///         moves.sort_by_key(|m| std::cmp::Reverse(m.card.rank().get()));
///     }
/// }
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let pos = Position::new(deal, Strain::NoTrump, Seat::North);
/// let view = TrickView::of(&pos);
/// let (mut ordering, hints) = (HighestFirst, OrderHints::default());
/// let mut picker = MovePicker::new(&view, &mut ordering, &hints, true);
/// let mut searched = 0;
/// while let Some(mv) = picker.next(|| view, &mut ordering, &hints) {
///     // The search plays `mv` here; say it cut off nowhere and backed up no winning rank.
///     picker.searched(&mv, Hand::EMPTY);
///     searched += 1;
/// }
/// assert_eq!(searched, 2); // the AKQ of spades, the AK of hearts
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MovePicker {
    /// The moves to hand out: the proposal alone (or nothing) until the generation stage,
    /// then every other legal move, ordered.
    moves: MoveList,
    /// The index in `moves` of the next move to consider.
    next: usize,
    /// The ordering's proposal (its card), if there is one.
    proposal: Option<Card>,
    /// Whether `moves` holds every move left (the generation stage is done).
    complete: bool,
    /// Kuijf's rule ([`SmallCardFilter::OFF`] when it does not apply).
    filter: SmallCardFilter,
    /// Whether `moves` holds a discard node's lowest discards only (see the module): the
    /// higher discards follow when they run out.
    discard_prefix: bool,
    /// The ordering's note of the node's context ([`MoveOrdering::first_noted`]), for
    /// [`MovePicker::cutoff`].
    note: u64,
}

impl MovePicker {
    /// The picker of the node `view`, with Kuijf's small-card rule when `small_card_filter`
    /// is true: asks `ordering` for its proposal (the proposal stage), nothing generated
    /// beyond the move that holds it. `ordering` and `hints` must be the same at every
    /// later call for the node.
    // Always inlined: the search has one copy of its move loop per position in the trick,
    // and the proposal's work (`MoveOrdering::first`) folds with the position.
    #[inline(always)]
    pub fn new<O: MoveOrdering>(
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
        small_card_filter: bool,
    ) -> MovePicker {
        let mut moves = MoveList::new();
        let (first, note) = ordering.first_noted(view, hints);
        let proposal = first.and_then(|card| generate_one(view, card));
        if let Some(mv) = proposal {
            moves.push(mv);
        }
        MovePicker {
            moves,
            next: 0,
            proposal: proposal.map(|mv| mv.card),
            complete: false,
            filter: if small_card_filter {
                SmallCardFilter::new()
            } else {
                SmallCardFilter::OFF
            },
            discard_prefix: false,
            note,
        }
    }

    /// The next move to search at the node whose view `view` gives, or `None` when every
    /// move was handed out (or left out by the filter).
    #[inline]
    pub fn next<'v, O: MoveOrdering>(
        &mut self,
        view: impl Fn() -> TrickView<'v>,
        ordering: &mut O,
        hints: &OrderHints,
    ) -> Option<Move> {
        loop {
            if let Some(&mv) = self.moves.get(self.next) {
                self.next += 1;
                if self.filter.admits(&mv) {
                    return Some(mv);
                }
                continue;
            }
            if self.complete {
                return None;
            }
            let view = view();
            if self.discard_prefix {
                self.discard_rest(&view, ordering, hints);
            } else if self.proposal.is_none() && ordering.lowest_discards_first() && discards(&view)
            {
                self.stage_discards(&view, ordering, hints);
            } else {
                self.generate(&view, ordering, hints);
            }
        }
    }

    /// The lowest-discards step (no proposal, an ordering that asks for it): each suit's
    /// lowest run and every move of the live trump suit, in the ordering's order.
    // Always inlined, as the generation stage is: in the search's move loop the ordering's
    // call folds with the position in the trick.
    #[inline(always)]
    fn stage_discards<O: MoveOrdering>(
        &mut self,
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
    ) {
        let hand = view.hands[view.to_play()];
        let others = view.out - hand;
        let ruff = view.live_trump();
        let moves = &mut self.moves;
        let lowest = lowest_runs(hand, others);
        for suit in Suit::ALL {
            if Some(suit) == ruff {
                push_runs(suit, hand.suit(suit), others.suit(suit), moves);
            } else if !lowest.suit(suit).is_empty() {
                moves.push(run_move(suit, lowest.suit(suit)));
            }
        }
        ordering.order(view, hints, moves);
        self.next = 0;
        self.discard_prefix = true;
    }

    /// The higher-discards step, once the lowest discards ran out: the moves not yet
    /// handed out, in the ordering's order, generated only if Kuijf's rule admits a card of
    /// them.
    #[inline(never)]
    fn discard_rest<O: MoveOrdering>(
        &mut self,
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
    ) {
        self.discard_prefix = false;
        self.complete = true;
        let handed = self.handed();
        let left = view.hands[view.to_play()] - handed;
        if Suit::ALL
            .iter()
            .any(|&suit| self.filter.admits_any(suit, left.suit(suit)))
        {
            self.moves = higher_discards(view, ordering, hints, handed);
            self.next = 0;
        }
    }

    /// The cards of the moves in `moves` (with the equivalent cards they stand for).
    #[inline]
    fn handed(&self) -> Hand {
        Hand(self.moves.iter().fold(0u64, |acc, mv| {
            acc | u64::from(mv.equals.0) << (16 * mv.card.suit().index())
        }))
    }

    /// The generation and ordering stages: every legal move but the proposal, in the
    /// ordering's order.
    // Always inlined: LLVM kept it out of line once the default ordering wrapped the lead
    // categories, at a cost in instructions (callgrind).
    #[inline(always)]
    fn generate<O: MoveOrdering>(
        &mut self,
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
    ) {
        generate(view, &mut self.moves);
        if let Some(card) = self.proposal {
            if let Some(i) = self.moves.iter().position(|m| m.card == card) {
                self.moves.swap_remove(i);
            }
        }
        ordering.order(view, hints, &mut self.moves);
        self.next = 0;
        self.complete = true;
    }

    /// Every legal move of the node `view` (for enhanced transposition cutoffs, which look
    /// at them all before any is searched): with a proposal, in the order generation gives
    /// them, the proposal among them; without one, in the order `next` hands them out. Call
    /// it before the first [`MovePicker::next`], which hands out the same moves as it would
    /// have without this call.
    #[inline]
    pub fn every_move<O: MoveOrdering>(
        &mut self,
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
    ) -> MoveList {
        debug_assert_eq!(self.next, 0, "every_move after next");
        if self.proposal.is_some() {
            let mut all = MoveList::new();
            generate(view, &mut all);
            all
        } else {
            if !self.complete {
                if ordering.lowest_discards_first() && discards(view) {
                    // Both steps at once, in the order `next` would hand them out.
                    self.stage_discards(view, ordering, hints);
                    let rest = higher_discards(view, ordering, hints, self.handed());
                    self.moves.extend(rest);
                    self.discard_prefix = false;
                    self.complete = true;
                } else {
                    self.generate(view, ordering, hints);
                }
            }
            self.moves.clone()
        }
    }

    /// Records that `mv`, a move this picker handed out, was searched without cutting off,
    /// and the winning ranks its search backed up (`child_wins`): Kuijf's rule (when on)
    /// leaves out the hand's smaller cards of that suit that it shows would do the same.
    #[inline]
    pub fn searched(&mut self, mv: &Move, child_wins: Hand) {
        self.filter.searched(mv, child_wins);
    }

    /// Tells `ordering` that `card`, a move this picker handed out, cut off at the node
    /// `view` (`ordering` and `hints` the node's): [`MoveOrdering::cutoff_noted`] with the
    /// note the ordering gave with its proposal, so that it need not work out the node's
    /// context again.
    #[inline]
    pub fn cutoff<O: MoveOrdering>(
        &self,
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
        card: Card,
    ) {
        ordering.cutoff_noted(view, hints, card, self.note);
    }

    /// Every legal move of the node `view` in the ordering's order, no proposal put first
    /// and nothing filtered: the moves a solver reports values for at its root.
    pub fn ordered<O: MoveOrdering>(
        view: &TrickView,
        ordering: &mut O,
        hints: &OrderHints,
    ) -> MoveList {
        let mut moves = MoveList::new();
        generate(view, &mut moves);
        ordering.order(view, hints, &mut moves);
        moves
    }
}

/// The legal moves of the discard node `view` but those in `handed` (the lowest discards,
/// already handed out), in the ordering's order.
#[inline]
fn higher_discards<O: MoveOrdering>(
    view: &TrickView,
    ordering: &mut O,
    hints: &OrderHints,
    handed: Hand,
) -> MoveList {
    let mut rest = MoveList::new();
    generate(view, &mut rest);
    rest.retain(|mv| !handed.contains(mv.card));
    ordering.order(view, hints, &mut rest);
    rest
}

/// Whether the hand to play at `view` discards: it is void in the suit led.
#[inline]
fn discards(view: &TrickView) -> bool {
    view.led()
        .is_some_and(|led| view.hands[view.to_play()].suit(led).is_empty())
}
