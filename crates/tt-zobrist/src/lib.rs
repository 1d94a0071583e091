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
//! [`TranspositionTable::new_search`] moves the generation on: entries of earlier searches are
//! kept (they are still true) but become *stale*, and a successful read makes an entry current
//! again. A new position always gets a slot of its bucket: an empty one, else a stale one
//! before a current one, the shallowest (fewest tricks left) first, the oldest among equals.
//! [`TranspositionTable::clear`] moves the era on, which empties every slot at once without
//! touching memory (a slot of another era reads as empty); every 128th clear, when the era
//! comes round again, zeroes the array. The solver clears at each change of trumps, which
//! would otherwise cost a pass over the whole table each time.
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
//! The trait hands the table the position's hands at each probe and store (only at trick
//! starts), not the cards played since the last one. From scratch, a key costs one
//! exclusive-or per remaining card. [`KeyMode::Incremental`] (the default) instead remembers,
//! per tricks left, the last position keyed and its key: a position with `t` tricks left is
//! nearly always that of `t + 1` minus one card of each hand (five exclusive-ors) or the same
//! hands as the last one with `t` (the store after a probe that missed), and falls back to
//! scratch otherwise. Both give the same key; the crate's bench (`cargo bench -p
//! ddsolve-benches --bench tt_zobrist`) times them.
//!
//! ## Example
//!
//! ```
//! use ddsolve_cards::{Card, Deal, Hand, Seat};
//! use ddsolve_tt::{Pattern, TranspositionTable, TtKey};
//! use ddsolve_tt_zobrist::TtZobrist;
//!
//! let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
//! let hands = deal.hands();
//! let key = TtKey::new(hands, Seat::North);
//! let pattern = Pattern::new(hands);
//! let mut tt = TtZobrist::new(1);
//! // North's side takes both tricks, resting on the ace and king; North leads the ace.
//! let win: Hand = [Card::parse("SA")?, Card::parse("SK")?].into_iter().collect();
//! tt.store(&key, &pattern, win, hands, 2, 2, Some(Card::parse("SA")?));
//! let hit = tt.probe(&key, &pattern, hands, 2).expect("stored");
//! assert!(hit.reached && hit.bound == 2 && hit.win == win);
//!
//! // Another position (East leads) is another entry: a miss.
//! let east = TtKey::new(hands, Seat::East);
//! assert!(tt.probe(&east, &pattern, hands, 1).is_none());
//! assert!(tt.stats().bytes <= 1 << 20);
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

mod bucket;
mod entry;
mod incremental;
mod keys;
mod table;

pub use bucket::{BUCKET_BYTES, BUCKET_ENTRIES};
pub use entry::LOCK_BITS;
pub use keys::{ZobristKeys, ZOBRIST, ZOBRIST_SEED};
pub use table::{KeyMode, KeyRoutes, TtZobrist};
