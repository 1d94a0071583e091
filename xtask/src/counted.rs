//! For `tt-stats`: a table wrapper that counts probes, decisive probes and stores per tricks
//! left, for tables that do not count them themselves (the rank-pattern table reports only
//! its entries and bytes). It changes nothing else: the same answers, the same nodes.

use ddsolve_cards::{Card, Hand, SeatMap};
use ddsolve_tt::{Pattern, TranspositionTable, TtHit, TtKey, TtStats};

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
    fn probe(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        hands: &SeatMap<Hand>,
        tricks: u8,
    ) -> Option<TtHit> {
        let d = usize::from(key.tricks_left).min(ddsolve_tt::DEPTHS - 1);
        self.probes[d] += 1;
        let hit = self.inner.probe(key, pattern, hands, tricks);
        self.hits[d] += u64::from(hit.is_some());
        hit
    }

    fn store(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        win: Hand,
        hands: &SeatMap<Hand>,
        lower: u8,
        upper: u8,
        best: Option<Card>,
    ) {
        let d = usize::from(key.tricks_left).min(ddsolve_tt::DEPTHS - 1);
        self.stores[d] += 1;
        self.inner
            .store(key, pattern, win, hands, lower, upper, best);
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
