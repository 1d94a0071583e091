//! The table: a fixed array of buckets addressed by Zobrist key, behind
//! [`TranspositionTable`].

use crate::bucket::{Bucket, AGING, BUCKET_BYTES, BUCKET_ENTRIES};
use crate::entry::{Bounds, Entry, ERA_BITS};
use crate::incremental::IncrementalKeys;
use crate::keys::{ZobristKeys, ZOBRIST};
use ddsolve_cards::{Hand, Seat, SeatMap};
use ddsolve_tt::Counters;
use ddsolve_tt::{
    Budget, Generation, TranspositionTable, TrickStart, TtEntry, TtHit, TtStats, DEPTHS,
};

/// How the table finds the key of the position the trait hands it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KeyMode {
    /// From the key of the last position with one trick more (its parent) or with as many
    /// tricks left (the same hands, or a sibling after a trick was taken back), falling
    /// back to scratch (the default; see the crate docs for the measurements).
    #[default]
    Incremental,
    /// From scratch at every probe and store: one exclusive-or per card.
    Scratch,
}

/// How many keys were found by each route of [`KeyMode::Incremental`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyRoutes {
    /// The same hands as the last position keyed with as many tricks left.
    pub same: u64,
    /// The last position keyed with one trick more, minus one card of each hand.
    pub child: u64,
    /// Computed from scratch.
    pub scratch: u64,
}

/// A hashed transposition table of exact positions: see the crate docs.
#[derive(Debug)]
pub struct TtZobrist {
    buckets: Vec<Bucket>,
    keys: &'static ZobristKeys,
    mode: KeyMode,
    incremental: IncrementalKeys,
    /// Which [`TranspositionTable::clear`] we are in (entries of another era are empty).
    era: u8,
    /// Which search we are in (entries stamped in another generation are stale).
    now: Generation,
    entries: usize,
    limit_bytes: usize,
    rejected: u64,
    counters: Counters,
}

const ERA_MOD: u8 = 1 << ERA_BITS;
const STRUCT_BYTES: usize = std::mem::size_of::<TtZobrist>();

impl TtZobrist {
    /// A table that never uses more than `limit_mb` megabytes (at least 1), all allocated
    /// at once: as many 64-byte buckets as fit beside the table's own fields.
    pub fn new(limit_mb: usize) -> TtZobrist {
        TtZobrist::with_key_mode(limit_mb, KeyMode::default())
    }

    /// [`TtZobrist::new`] with keys found as `mode` says.
    pub fn with_key_mode(limit_mb: usize, mode: KeyMode) -> TtZobrist {
        let limit_bytes = Budget::new(limit_mb).limit();
        let n = (limit_bytes - STRUCT_BYTES) / BUCKET_BYTES;
        TtZobrist {
            buckets: vec![Bucket::default(); n],
            keys: &ZOBRIST,
            mode,
            incremental: IncrementalKeys::default(),
            era: 0,
            now: Generation::default(),
            entries: 0,
            limit_bytes,
            rejected: 0,
            counters: Counters::default(),
        }
    }

    /// The memory limit in bytes.
    pub fn limit_bytes(&self) -> usize {
        self.limit_bytes
    }

    /// The number of buckets (of [`crate::BUCKET_ENTRIES`] entries each).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The bucket of a key: its high bits scaled to the number of buckets (a multiply, no
    /// division, and any number of buckets). The lock is the low [`crate::LOCK_BITS`] bits,
    /// so keys that differ only there share a bucket and are told apart by the lock.
    #[inline]
    pub fn bucket_index(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The generation stamp of the current search (it counts [`TranspositionTable::new_search`]
    /// modulo 32).
    pub fn generation(&self) -> u8 {
        AGING.stamp(self.now) as u8
    }

    /// Probes whose lock matched an entry whose best move is not a card of the hand on lead:
    /// a collision of keys caught by checking the move, as the paper recommends.
    pub fn rejected(&self) -> u64 {
        self.rejected
    }

    /// How the keys were found so far (all `scratch` in [`KeyMode::Scratch`]).
    pub fn key_routes(&self) -> KeyRoutes {
        match self.mode {
            KeyMode::Incremental => {
                let [same, child, scratch] = self.incremental.routes;
                KeyRoutes {
                    same,
                    child,
                    scratch,
                }
            }
            KeyMode::Scratch => KeyRoutes::default(),
        }
    }

    /// The Zobrist key of the position with these hands and `leader` on lead (the same
    /// whichever [`KeyMode`]).
    #[inline]
    pub fn hash(&mut self, hands: &SeatMap<Hand>, leader: Seat) -> u64 {
        match self.mode {
            KeyMode::Incremental => {
                let tl = hands[leader].len().min(13) as usize;
                self.incremental.key(self.keys, hands, leader, tl).0
            }
            KeyMode::Scratch => self.keys.position(hands, leader),
        }
    }

    /// [`TranspositionTable::probe`] for a caller that has the key `hash` of the position
    /// (`hands`, `leader` on lead) already: does its entry decide whether the side on lead
    /// takes at least `tricks` of the tricks left?
    #[inline]
    pub fn probe_hashed(
        &mut self,
        hash: u64,
        hands: &SeatMap<Hand>,
        leader: Seat,
        tricks: u8,
    ) -> Option<TtHit> {
        let depth = hands[leader].len() as u8;
        let want = Entry::want(hash, self.era);
        let idx = self.bucket_index(hash);
        let bucket = &mut self.buckets[idx];
        let d = usize::from(depth).min(DEPTHS - 1);
        self.counters.probes[d] += 1;
        let found = bucket.find(want, depth);
        self.counters.scanned[d] += found.map_or(BUCKET_ENTRIES, |i| i + 1) as u64;
        let i = found?;
        let e = bucket.0[i];
        let b = e.bounds();
        if b.best.is_some_and(|c| !hands[leader].contains(c)) {
            self.rejected += 1;
            return None;
        }
        let (reached, bound) = if b.lower >= tricks {
            (true, b.lower)
        } else if b.upper < tricks {
            (false, b.upper)
        } else {
            return None;
        };
        // A successful read makes the entry current again (the paper's staleness flag).
        bucket.0[i] = e.touched(AGING.stamp(self.now) as u8);
        self.counters.hits[d] += 1;
        Some(TtHit {
            reached,
            bound,
            win: b.win,
            best: b.best,
        })
    }

    /// [`TranspositionTable::store`] for a caller that has the key `hash` of the position
    /// already.
    #[inline]
    pub fn store_hashed(&mut self, hash: u64, hands: &SeatMap<Hand>, leader: Seat, entry: TtEntry) {
        let TtEntry {
            lower,
            upper,
            win,
            best,
        } = entry;
        let depth = hands[leader].len() as u8;
        if depth == 0 {
            return;
        }
        debug_assert!(
            lower <= upper && upper <= depth,
            "bounds {lower}..={upper} of {depth}"
        );
        let upper = upper.min(depth);
        let new = Bounds {
            lower: lower.min(upper),
            upper,
            win,
            // A move that is not the leader's would be taken for a collision when probed.
            best: best.filter(|&c| hands[leader].contains(c)),
        };
        let want = Entry::want(hash, self.era);
        let idx = self.bucket_index(hash);
        let bucket = &mut self.buckets[idx];
        if let Some(i) = bucket.find(want, depth) {
            let merged = merge(bucket.0[i].bounds(), new);
            bucket.0[i] = Entry::new(want, AGING.stamp(self.now) as u8, depth, merged);
            self.counters.merges += 1;
            return;
        }
        let i = bucket.victim(self.era, self.now);
        if bucket.0[i].is_live(self.era) {
            self.counters.evictions += 1;
        } else {
            self.entries += 1;
        }
        self.counters.stores[usize::from(depth).min(DEPTHS - 1)] += 1;
        bucket.0[i] = Entry::new(want, AGING.stamp(self.now) as u8, depth, new);
    }
}

/// The entry of a position stored again: the lower bound only rises, the upper only falls.
/// The winning cards must back both bounds: the new set if its bounds are the tighter (or
/// equal) on both sides, the old if the old are, else both sets together (more cards is
/// always sound: it claims the bounds for fewer positions). Bounds that cross can only come
/// from a collision of keys the lock missed; the newer entry is kept then.
#[inline]
fn merge(old: Bounds, new: Bounds) -> Bounds {
    let lower = old.lower.max(new.lower);
    let upper = old.upper.min(new.upper);
    if lower > upper {
        return new;
    }
    let win = if new.lower == lower && new.upper == upper {
        new.win
    } else if old.lower == lower && old.upper == upper {
        old.win
    } else {
        old.win | new.win
    };
    Bounds {
        lower,
        upper,
        win,
        best: new.best.or(old.best),
    }
}

impl TranspositionTable for TtZobrist {
    /// The position's Zobrist key ([`TtZobrist::hash`]).
    type Key = u64;

    #[inline]
    fn key(&mut self, at: &TrickStart) -> u64 {
        self.hash(at.hands(), at.leader())
    }

    #[inline]
    fn probe(&mut self, key: &u64, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        self.probe_hashed(*key, at.hands(), at.leader(), tricks)
    }

    #[inline]
    fn store(&mut self, key: &u64, at: &TrickStart, entry: TtEntry) {
        self.store_hashed(*key, at.hands(), at.leader(), entry);
    }

    /// Forgets everything: the era moves on, which empties every slot at once (a slot of an
    /// earlier era reads as empty); only every 128th clear, when the era comes round again,
    /// zeroes the array.
    fn clear(&mut self) {
        self.era = (self.era + 1) % ERA_MOD;
        if self.era == 0 {
            self.buckets.fill(Bucket::default());
        }
        self.entries = 0;
    }

    /// Entries stored before stay valid; they become stale, replaced before current ones.
    #[inline]
    fn new_search(&mut self) {
        self.now = self.now.next();
        self.counters.searches += 1;
    }

    fn stats(&self) -> TtStats {
        self.counters.stats(
            self.entries,
            self.buckets.len() * BUCKET_BYTES + STRUCT_BYTES,
            self.limit_bytes,
        )
    }
}
