//! The verification mode (`SearchConfig::verify_tt_cards`), a debugging aid: in small endings
//! every table cutoff and every stored entry is re-checked by a fresh search without a
//! table, and so are positions that differ from a stored one only below its winning ranks.
//! A disagreement panics with the position.

use crate::core::{Hints, Searcher};
use crate::SearchConfig;
use ddsolve_cards::{Card, DealRng, Hand, SeatMap, Suit, Symmetries};
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};

/// The table of a fresh search, which has the table switched off: it never answers.
struct NoTable;

impl TranspositionTable for NoTable {
    type Key = ();

    fn key(&mut self, _: &TrickStart) {}

    fn probe(&mut self, _: &(), _: &TrickStart, _: u8) -> Option<TtHit> {
        None
    }

    fn store(&mut self, _: &(), _: &TrickStart, _: TtEntry) {}

    fn clear(&mut self) {}

    fn stats(&self) -> TtStats {
        TtStats::default()
    }
}

/// The fresh searches' ordering: the moves as generated. Their results never depend on the
/// order, and they search small endings only.
struct AsGenerated;

impl MoveOrdering for AsGenerated {
    fn order(&mut self, _: &TrickView, _: &OrderHints, _: &mut MoveList) {}
}

impl<T: TranspositionTable, O: MoveOrdering> Searcher<'_, T, O> {
    /// Debugging aid: the result of a fresh search without a table of `hands` (with this
    /// searcher's trumps, leader, trick, side and tricks won).
    pub(crate) fn fresh_search(&self, hands: SeatMap<Hand>, target: u8) -> bool {
        let config = SearchConfig {
            transposition_table: false,
            verify_tt_cards: 0,
            ..*self.config
        };
        let mut tt = NoTable;
        let mut ordering = AsGenerated;
        let mut hints = Hints::default();
        let mut fresh = Searcher::new(
            hands,
            self.trump,
            self.leader,
            &self.trick[..self.trick_len],
            &config,
            &mut tt,
            &mut ordering,
            &mut hints,
            &Symmetries::TRIVIAL,
        );
        fresh.max_side = self.max_side;
        fresh.tricks_max = self.tricks_max;
        fresh.search(target)
    }

    /// Debugging aid: checks `claimed` against a fresh search without a table.
    pub(crate) fn verify(&self, target: u8, claimed: bool, what: &str) {
        let truth = self.fresh_search(self.hands, target);
        assert_eq!(
            truth, claimed,
            "{what} wrong: target {target} tricks_max {} max_side {:?} leader {} trick {:?} hands {:?}",
            self.tricks_max, self.max_side, self.leader, &self.trick[..self.trick_len], self.hands
        );
    }

    /// Debugging aid: positions that differ only in who holds the cards below the lowest
    /// winning rank of each suit (suit lengths kept) must give the same result.
    pub(crate) fn verify_variants(&self, target: u8, claimed: bool, win: Hand) {
        let mut rng = DealRng::new(self.hands.0[0].0 ^ (self.hands.0[1].0 << 1));
        for _ in 0..8 {
            let mut hands = self.hands;
            for suit in Suit::ALL {
                let w = win.suit(suit).0;
                let floor = if w == 0 { 16 } else { w.trailing_zeros() };
                let mut small: Vec<Card> = Vec::new();
                let mut counts = [0usize; 4];
                for h in 0..4 {
                    for c in self.hands.0[h].only_suit(suit).iter() {
                        if u32::from(c.rank().get()) < floor {
                            small.push(c);
                            counts[h] += 1;
                            hands.0[h].remove(c);
                        }
                    }
                }
                for i in (1..small.len()).rev() {
                    let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                    small.swap(i, j);
                }
                let mut it = small.into_iter();
                for h in 0..4 {
                    for _ in 0..counts[h] {
                        hands.0[h].insert(it.next().unwrap());
                    }
                }
            }
            let truth = self.fresh_search(hands, target);
            assert_eq!(
                truth, claimed,
                "variant differs: target {target} tricks_max {} max_side {:?} leader {} trump {:?} win {:?}\n original {:?}\n variant  {:?}",
                self.tricks_max, self.max_side, self.leader, self.trump, win, self.hands, hands
            );
        }
    }
}
