//! For `tt-stats`: a table wrapper that counts probes, decisive probes and stores per tricks
//! left, for tables that do not count them themselves (the rank-pattern table reports only
//! its entries and bytes). It changes nothing else: the same answers, the same nodes.

use ddsolve_cards::{Hand, SeatMap};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};

/// `inner`, with its probes, hits and stores counted.
#[derive(Debug)]
pub struct Counted<T> {
    inner: T,
    probes: [u64; ddsolve_tt::DEPTHS],
    hits: [u64; ddsolve_tt::DEPTHS],
    stores: [u64; ddsolve_tt::DEPTHS],
}

impl<T> Counted<T> {
    /// Counts for `inner`.
    pub fn new(inner: T) -> Counted<T> {
        Counted {
            inner,
            probes: [0; ddsolve_tt::DEPTHS],
            hits: [0; ddsolve_tt::DEPTHS],
            stores: [0; ddsolve_tt::DEPTHS],
        }
    }
}

impl<T: TranspositionTable> TranspositionTable for Counted<T> {
    type Key = T::Key;

    fn prepare(&mut self, root: &SeatMap<Hand>) {
        self.inner.prepare(root);
    }

    fn key(&mut self, at: &TrickStart) -> T::Key {
        self.inner.key(at)
    }

    fn probe(&mut self, key: &T::Key, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        let d = usize::from(at.tricks_left()).min(ddsolve_tt::DEPTHS - 1);
        self.probes[d] += 1;
        let hit = self.inner.probe(key, at, tricks);
        self.hits[d] += u64::from(hit.is_some());
        hit
    }

    fn store(&mut self, key: &T::Key, at: &TrickStart, entry: TtEntry) {
        let d = usize::from(at.tricks_left()).min(ddsolve_tt::DEPTHS - 1);
        self.stores[d] += 1;
        self.inner.store(key, at, entry);
    }

    fn clear(&mut self) {
        self.inner.clear();
    }

    fn new_search(&mut self) {
        self.inner.new_search();
    }

    fn stats(&self) -> TtStats {
        let mut s = self.inner.stats();
        if s.total_probes() == 0 {
            s.probes = self.probes;
            s.hits = self.hits;
            s.stores = self.stores;
        }
        s
    }
}
