//! # ddsolve-tt-pattern: the rank-pattern transposition table
//!
//! A second table behind [`ddsolve_tt::TranspositionTable`], in the spirit of
//! bridge-solver's pattern cache: per exact suit-length shape and leader, patterns of
//! relative cards down to the lowest rank winner, the more general tried first, bounds
//! tightened in place, within a memory budget that ages its entries.
//!
//! - [`RankPattern`] (`pattern.rs`): per suit a depth `k` and the 2-bit owners of the top
//!   `k` relative cards, in two `u64` words with a mask: a position matches when
//!   `(position ^ owners) & mask == 0`; one pattern covers another when it is no deeper and
//!   agrees with it. [`forced_depths`] stops a suit above its bottom block of one owner,
//!   whose owners the lengths force.
//! - [`Bounds`] (`bounds.rs`): what an entry knows, bounds that only narrow.
//! - `entry.rs`: an entry in 32 bytes, the pattern's four words: its order, bounds, best
//!   move and stamp sit a byte each in the top byte of the owner lanes, which a table's
//!   patterns never use (their depths stop above a suit's lowest card) and every pattern
//!   test masks out.
//! - `shape.rs`: the entries of one shape, general first; a store merges into the same
//!   pattern or goes in, and absorbs the more specific entries it makes redundant.
//! - `cache.rs`: shapes to their lists (32-byte slots), by open addressing with
//!   backward-shift deletion; a list starts with room for 2 entries and grows by a quarter.
//! - `budget.rs`: what goes first under the memory limit ([`Budget`], `ddsolve-tt`'s, as
//!   are its [`Generation`] counter and the aging of stamps): evictions remove the stalest,
//!   never-hit, most specific entries first.
//! - [`TtPattern`] (`table.rs`): the table, keyed by `ddsolve-tt`'s `PatternKey` (found
//!   with its per-deal `RankOwners`).
//!
//! It is the default table (`TtKind::Pattern` of the front crate `ddsolve`, built through
//! its `AnyTable`); the search's `Solver::with_tt` takes one built here. Alone:
//!
//! ```
//! use ddsolve_cards::{Deal, Hand, Seat, Strain, Suit};
//! use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
//! use ddsolve_tt_pattern::TtPattern;
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
//! let mut tt = TtPattern::new(16);
//! tt.prepare(deal.hands()); // the per-deal key accelerator
//! let key = tt.key(&at);
//! let spades = deal.hand(Seat::North).suit(Suit::Spades);
//! let win = Hand::from_holdings([spades, Default::default(), Default::default(), Default::default()]);
//! tt.store(&key, &at, TtEntry { lower: 2, upper: 2, win, best: None });
//! assert_eq!(tt.probe(&key, &at, 2).expect("stored").bound, 2);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod bounds;
mod budget;
mod cache;
mod entry;
mod pattern;
mod shape;
mod table;

pub use bounds::Bounds;
/// The budget and the search counter are `ddsolve-tt`'s, shared by every table.
pub use ddsolve_tt::{Budget, Generation};
pub use pattern::{forced_depths, RankPattern};
pub use shape::ProbeOrder;
pub use table::TtPattern;
