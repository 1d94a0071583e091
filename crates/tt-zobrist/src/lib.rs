//! # ddsolve-tt-zobrist: a hashed transposition table of exact positions
//!
//! The chess program's transposition/refutation table (`transposition-refutation-tables.txt`
//! among the shared papers) behind the same [`ddsolve_tt::TranspositionTable`] trait as the
//! winning-rank tables of `ddsolve-tt`, so the search can use either.
//!
//! ## What an entry is
//!
//! A position at the start of a trick is its remaining cards, each in its owner's hand, and
//! the hand on lead. Its 64-bit [Zobrist key](ZobristKeys) is the exclusive-or of one random
//! number per (owner, card) and one per leader. The tricks left follow from the cards, and
//! trumps are left out: the solver clears its table when the trump strain changes, and every
//! entry is true of its position whatever the trumps of the searches after that clear.
//!
//! The table is one array of 64-byte buckets of four 16-byte entries. The key's high bits
//! choose the bucket, its low [`LOCK_BITS`] bits are the entry's *lock* that confirms the
//! position; the entry also holds a lower and an upper bound on the tricks the side on lead
//! takes from the position on (the pair is the paper's flag: exact when equal), the best
//! move, the depth (tricks left), the winning cards of the search that stored it, a
//! *generation* stamp and an *era* stamp. A probe whose lock matches but whose best move is
//! not a card of the hand on lead is a collision and a miss (the paper's check of the move).
//!
//! An entry holds only what is true of the position itself: bounds on the tricks still to
//! come for the side on lead, never the tricks won on the way or the target of the search
//! that stored it. That is why entries stay valid from one search to the next (other
//! leaders, other targets, the next card of a played deal, other deals with the same trumps).
//!
//! ## Winning cards
//!
//! The trait returns, with a hit, the entry's winning ranks as cards of the probed position.
//! An entry here stands for one exact position, so the stored winning cards *are* cards of
//! the probed position and are returned as they are: they are what the search that stored the
//! bounds found them to rest on, so backing them up into the parents (and into Kuijf's
//! small-card filter) is exactly as sound as it was in that search. When bounds of two
//! searches merge, the winning cards must back both: the tighter search's set, or the union
//! of both sets.
//!
//! ## Replacement and age
//!
//! [`TranspositionTable::new_search`](ddsolve_tt::TranspositionTable::new_search) moves the generation on: entries of earlier searches are
//! kept (they are still true) but become *stale*, and a successful read makes an entry current
//! again. A new position always gets a slot of its bucket: an empty one, else a stale one
//! before a current one, the shallowest (fewest tricks left) first, the oldest among equals.
//! [`TranspositionTable::clear`](ddsolve_tt::TranspositionTable::clear) moves the era on, which empties every slot at once without
//! touching memory (a slot of another era reads as empty); every 128th clear, when the era
//! comes round again, zeroes the array. The solver clears at each change of trumps, which
//! would otherwise cost a pass over the whole table each time.
//!
//! The search counter and the aging of its stamps are `ddsolve-tt`'s, the mechanism every
//! table shares ([`ddsolve_tt::Generation`], [`ddsolve_tt::Aging`]: here 5-bit stamps,
//! never refreshed, so ages count modulo 32); the era is this table's own way to clear.
//!
//! ## Memory
//!
//! The size in megabytes is a constructor argument and a hard limit: the whole array is
//! allocated at once, as many buckets as fit in it beside the table's own fields, and nothing
//! is ever allocated after (none per probe or store). [`TtStats::bytes`](ddsolve_tt::TtStats)
//! is that size; `resets` stays 0, as the table never wipes itself (it replaces entries).
//!
//! ## Keys: incremental or from scratch
//!
//! The table's key is the Zobrist key itself (`TranspositionTable::Key` is `u64`): the search
//! asks for it once per trick-start position ([`TranspositionTable::key`](ddsolve_tt::TranspositionTable::key)) and hands it back to
//! the probe and the store of that position. The trait gives the position's hands, not the
//! cards played since the last one. From scratch, a key costs one exclusive-or per remaining
//! card. [`KeyMode::Incremental`] (the default) instead remembers, per tricks left, the last
//! position keyed and its key: a position with `t` tricks left is nearly always that of
//! `t + 1` minus one card of each hand (five exclusive-ors) or the same hands as the last one
//! with `t` (the same position asked about again, or another leader of it), and falls back
//! to scratch otherwise. Both give the same key (tested).
//!
//! Incremental keys stay the default, as they are never slower; in the search the difference
//! hardly shows, as a probe's cost is its cache miss into a large table and the search's
//! cost its nodes, and [`KeyMode::Scratch`] is there to measure it again.
//!
//! ## In the search
//!
//! ```text
//! cargo run --release -p ddsolve --example tt_zobrist_ablation
//! ```
//!
//! The exact-position table searches many times the nodes of the pattern tables (figures
//! in `BENCHMARKS.md`), and takes as much longer: its cost per node is the same, the
//! difference is what a hit covers. A winning-rank entry stands for every position with the
//! same suit lengths and the same owners of the cards that mattered (the winning ranks, in
//! relative rank): when a trick was won by the ace and the small cards only followed, it
//! covers every way the small cards lie and every set of cards already played. Most
//! transpositions in bridge are of that kind: two lines of play that discard different
//! small cards, or that play equal cards in another order, reach positions that differ in a
//! small card or in which of two equals is gone, and only the pattern tables see them as
//! one. A Zobrist entry matches one exact position, reached again only when the very same
//! cards went in another order, and those are few; the relative ranks of the stored winning
//! cards cannot widen it, since the key holds every card. The table is still a sound and
//! complete table (the conformance suite of `ddsolve-testkit` passes), and what it is good
//! for is comparison: what the winning-rank abstraction of Haglund's paper is worth over
//! the chess program's table.
//!
//! ## Example
//!
//! ```
//! use ddsolve_cards::{Card, Deal, Hand, Seat, Strain};
//! use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
//! use ddsolve_tt_zobrist::{TtZobrist, ZOBRIST};
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
//! let mut tt = TtZobrist::new(1);
//! let key = tt.key(&at);
//! assert_eq!(key, ZOBRIST.position(deal.hands(), Seat::North));
//! // North's side takes both tricks, resting on the ace and king; North leads the ace.
//! let win: Hand = [Card::parse("SA")?, Card::parse("SK")?].into_iter().collect();
//! let best = Some(Card::parse("SA")?);
//! tt.store(&key, &at, TtEntry { lower: 2, upper: 2, win, best });
//! let hit = tt.probe(&key, &at, 2).expect("stored");
//! assert!(hit.reached && hit.bound == 2 && hit.win == win);
//!
//! // Another position (East leads) is another entry: a miss.
//! let east = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::East);
//! let key = tt.key(&east);
//! assert!(tt.probe(&key, &east, 1).is_none());
//! assert!(tt.stats().bytes <= 1 << 20);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod bucket;
mod entry;
mod incremental;
mod keys;
mod table;

pub use bucket::{BUCKET_BYTES, BUCKET_ENTRIES};
pub use entry::LOCK_BITS;
pub use keys::{ZobristKeys, ZOBRIST, ZOBRIST_SEED};
pub use table::{KeyMode, KeyRoutes, TtZobrist};
