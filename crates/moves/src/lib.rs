//! # ddsolve-moves: move generation and move ordering
//!
//! Layer 2 of ddsolve: depends only on [`ddsolve_cards`]. The search (`ddsolve-search`) uses
//! it; nothing here knows about the search, the transposition table or pruning.
//!
//! * [`generate`] lists the legal cards of the hand to play, with equivalent cards (a run of
//!   ranks with no other hand's card between them, counting cards played in earlier tricks
//!   as gone) collapsed to one [`Move`] that carries them all in [`Move::equals`];
//!   [`generate_one`] gives the one move that holds a given card.
//! * [`MoveOrdering`] is the seam through which the search orders its moves;
//!   [`PaperOrdering`] implements the weights of chapter 5 of Haglund's paper;
//!   [`TunedOrdering`] refines them (about a quarter fewer search nodes on DDS's deals);
//!   [`CutoffOrdering`] puts a remembered cutoff card in front of it for leads and hands
//!   following suit, and is what the search uses by default, over [`LeadCategories`] (a bonus
//!   per [`LeadCategory`], bridge-solver's kinds of lead, added at leads); [`RankOrdering`] is
//!   a baseline.
//!   [`AnyOrdering`] picks one of them at run time ([`OrderingKind`]).
//! * [`MovePicker`] hands a node's moves to the search one at a time, in stages (after
//!   Stockfish's staged move picker): the ordering's proposal before anything else is
//!   generated, then generation and ordering of the others only if it fails to cut off (at
//!   a discard, each suit's lowest card first and the higher ones only if the search gets
//!   past those), then the rest of the list, filtered by [`SmallCardFilter`], Kuijf's
//!   small-card rule (the paper's `NextMove`).
//!
//! ```
//! use ddsolve_cards::{Deal, Position, Seat, Strain};
//! use ddsolve_moves::{generate, MoveList, OrderHints, MoveOrdering, PaperOrdering, TrickView};
//!
//! let deal: Deal = "N:AKQ... .AKQ.. ..AKQ. ...AKQ".parse()?;
//! let pos = Position::new(deal, Strain::NoTrump, Seat::North);
//! let view = TrickView::of(&pos);
//! let mut moves = MoveList::new();
//! generate(&view, &mut moves);
//! assert_eq!(moves.len(), 1); // AKQ of spades are one move
//! assert_eq!(moves[0].equals.len(), 3);
//! PaperOrdering.order(&view, &OrderHints::default(), &mut moves);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod any;
mod cutoff;
mod generate;
mod lead_categories;
mod order;
mod picker;
mod small_card_filter;
mod suit_memo;
mod tuned;

pub use any::{AnyOrdering, OrderingKind};
pub use cutoff::CutoffOrdering;
pub use generate::{forced_move, generate, generate_one, Move, MoveList, TrickView};
pub use lead_categories::{LeadCategories, LeadCategory};
pub use order::{MoveOrdering, OrderHints, PaperOrdering, RankOrdering};
pub use picker::MovePicker;
pub use small_card_filter::SmallCardFilter;
pub use tuned::TunedOrdering;
