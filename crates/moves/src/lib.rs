//! # ddsolve-moves: move generation and the ordering seam
//!
//! Layer 2 of ddsolve: depends only on [`ddsolve_cards`]. The search (`ddsolve-search`) uses
//! it; nothing here knows about the search, the transposition table or pruning, nor any
//! particular ordering (those are `ddsolve-orderings`).
//!
//! * [`generate`] lists the legal cards of the hand to play, with equivalent cards (a run of
//!   ranks with no other hand's card between them, counting cards played in earlier tricks
//!   as gone) collapsed to one [`Move`] that carries them all in [`Move::equals`];
//!   [`generate_one`] gives the one move that holds a given card.
//! * [`MoveOrdering`] is the seam through which the search orders its moves, with
//!   [`OrderHints`], what the search tells an ordering of a node. The orderings (chapter 5's
//!   weights, the tuned weights, the cutoff-card memory, the lead categories) are the crate
//!   `ddsolve-orderings`.
//! * [`MovePicker`] hands a node's moves to the search one at a time, in stages (after
//!   Stockfish's staged move picker): the ordering's proposal before anything else is
//!   generated, then generation and ordering of the others only if it fails to cut off (at
//!   a discard, each suit's lowest card first and the higher ones only if the search gets
//!   past those), then the rest of the list, filtered by [`SmallCardFilter`], Kuijf's
//!   small-card rule (the paper's `NextMove`).
//!
//! ```
//! use ddsolve_cards::{Deal, Position, Seat, Strain};
//! use ddsolve_moves::{generate, MoveList, OrderHints, MoveOrdering, TrickView};
//!
//! let deal: Deal = "N:AKQ... .AKQ.. ..AKQ. ...AKQ".parse()?;
//! let pos = Position::new(deal, Strain::NoTrump, Seat::North);
//! let view = TrickView::of(&pos);
//! let mut moves = MoveList::new();
//! generate(&view, &mut moves);
//! assert_eq!(moves.len(), 1); // AKQ of spades are one move
//! assert_eq!(moves[0].equals.len(), 3);
//!
//! /// An ordering of one's own: the highest card first.
//! struct HighestFirst;
//! impl MoveOrdering for HighestFirst {
//!     fn order(&mut self, _: &TrickView, _: &OrderHints, moves: &mut MoveList) {
//!         moves.sort_by_key(|m| std::cmp::Reverse(m.card.rank().get()));
//!     }
//! }
//! HighestFirst.order(&view, &OrderHints::default(), &mut moves);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod generate;
mod order;
mod picker;
mod small_card_filter;

pub use generate::{forced_move, generate, generate_one, Move, MoveList, TrickView};
pub use order::{MoveOrdering, OrderHints};
pub use picker::MovePicker;
pub use small_card_filter::SmallCardFilter;
