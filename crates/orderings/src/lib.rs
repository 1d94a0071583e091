//! # ddsolve-orderings: the move orderings
//!
//! The orderings behind `ddsolve-moves`' seam, [`MoveOrdering`](ddsolve_moves::MoveOrdering),
//! which the search is generic over: a researcher replaces this crate, or adds an ordering
//! beside it, without touching the search.
//!
//! * [`PaperOrdering`]: the weights of chapter 5 of Haglund's paper.
//! * [`TunedOrdering`]: the paper's ideas refined after later DDS releases and measurement.
//! * [`LeadCategories`]: a bonus per [`LeadCategory`] (bridge-solver's kinds of lead) added
//!   to an inner ordering's weights at leads; an inner ordering says how through
//!   [`LeadWeighing`].
//! * [`CutoffOrdering`]: the card that last cut off in the same context proposed first, over
//!   an inner ordering; over `LeadCategories<TunedOrdering>`, the search's default.
//! * [`RankOrdering`]: the highest rank first, a baseline.
//! * [`AnyOrdering`]: one of them chosen at run time ([`OrderingKind`]).
//!
//! ```
//! use ddsolve_cards::{Deal, Position, Seat, Strain};
//! use ddsolve_moves::{generate, MoveList, MoveOrdering, OrderHints, TrickView};
//! use ddsolve_orderings::AnyOrdering;
//!
//! let deal: Deal = "N:AKQ... .AKQ.. ..AKQ. ...AKQ".parse()?;
//! let pos = Position::new(deal, Strain::NoTrump, Seat::North);
//! let view = TrickView::of(&pos);
//! let mut moves = MoveList::new();
//! generate(&view, &mut moves);
//! AnyOrdering::default().order(&view, &OrderHints::default(), &mut moves);
//! assert_eq!(moves.len(), 1); // the AKQ of spades are one move
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod any;
mod cutoff;
mod lead_categories;
mod paper;
mod rank;
mod suit_memo;
mod tuned;
mod weights;

pub use any::{AnyOrdering, OrderingKind};
pub use cutoff::CutoffOrdering;
pub use lead_categories::{LeadCategories, LeadCategory, LeadWeighing};
pub use paper::PaperOrdering;
pub use rank::RankOrdering;
pub use tuned::TunedOrdering;
