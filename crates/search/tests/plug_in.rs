//! The seams, used from outside: a transposition table and a move ordering written here, in
//! the test, with no change to the library, solve DDS's `list10.txt` tables exactly, one
//! solver at a time and through the batch API.

use ddsolve_cards::{Card, Deal, Hand, Seat, SeatMap};
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_search::{solve_tables_by, BatchOptions, Config, Solver};
use ddsolve_tt::{Pattern, TranspositionTable, TtHit, TtKey, TtStats};
use std::collections::HashMap;

/// A small, simple table: bounds per exact position (the four hands and the leader), kept in
/// a `HashMap` and cleared when it holds more entries than its memory limit allows.
///
/// An entry is one exact position, so on a hit the cards it rests on are all of them: the
/// most specific (and always sound) winning ranks.
#[derive(Debug)]
struct ExactTable {
    map: HashMap<([u64; 4], Seat), (u8, u8, Option<Card>)>,
    max_entries: usize,
    resets: u64,
}

/// What one entry costs, roughly: the key, the bounds and the map's overhead.
const ENTRY_BYTES: usize = 64;

impl ExactTable {
    fn new(limit_mb: usize) -> ExactTable {
        ExactTable {
            map: HashMap::new(),
            max_entries: (limit_mb << 20) / ENTRY_BYTES,
            resets: 0,
        }
    }
}

fn bits(hands: &SeatMap<Hand>) -> [u64; 4] {
    hands.0.map(|h| h.0)
}

fn all_cards(hands: &SeatMap<Hand>) -> Hand {
    hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]
}

impl TranspositionTable for ExactTable {
    fn probe(
        &mut self,
        key: &TtKey,
        _pattern: &Pattern,
        hands: &SeatMap<Hand>,
        tricks: u8,
    ) -> Option<TtHit> {
        let &(lower, upper, best) = self.map.get(&(bits(hands), key.leader))?;
        let win = all_cards(hands);
        if lower >= tricks {
            Some(TtHit {
                reached: true,
                bound: lower,
                win,
                best,
            })
        } else if upper < tricks {
            Some(TtHit {
                reached: false,
                bound: upper,
                win,
                best,
            })
        } else {
            None
        }
    }

    fn store(
        &mut self,
        key: &TtKey,
        _pattern: &Pattern,
        _win: Hand,
        hands: &SeatMap<Hand>,
        lower: u8,
        upper: u8,
        best: Option<Card>,
    ) {
        if self.map.len() >= self.max_entries {
            self.map.clear();
            self.resets += 1;
        }
        let e = self.map.entry((bits(hands), key.leader)).or_insert((0, 13, None));
        e.0 = e.0.max(lower);
        e.1 = e.1.min(upper);
        if best.is_some() {
            e.2 = best;
        }
    }

    fn clear(&mut self) {
        self.map.clear();
    }

    fn stats(&self) -> TtStats {
        TtStats {
            entries: self.map.len(),
            bytes: self.map.len() * ENTRY_BYTES,
            resets: self.resets,
            ..TtStats::default()
        }
    }
}

/// Plain rank order (highest first) after the search's hints (the last cutoff card at this
/// depth, the table's best move), with a memory of its own: how many cutoffs it was told of
/// (state that lives in the ordering, `&mut self`).
#[derive(Debug, Default)]
struct HighestFirst {
    cutoffs: u64,
}

impl MoveOrdering for HighestFirst {
    fn order(&mut self, _view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        let hinted = |c: Card| Some(c) == hints.cutoff || Some(c) == hints.tt;
        moves.sort_by_key(|m| {
            (
                !hinted(m.card),
                std::cmp::Reverse(m.card.rank().get()),
                m.card.suit().index(),
            )
        });
    }

    fn cutoff(&mut self, _view: &TrickView, _card: Card) {
        self.cutoffs += 1;
    }
}

fn list10() -> Vec<(Deal, [u8; 20])> {
    let entries = ddsolve_testkit::data::read_shared("list10.txt").expect("list10.txt");
    let mut out: Vec<(Deal, [u8; 20])> = Vec::new();
    for e in entries {
        let table = e.table.expect("every list10 entry has a TABLE line");
        if !out.iter().any(|(d, _)| *d == e.deal) {
            out.push((e.deal, table));
        }
    }
    out
}

fn plug_in_solver() -> Solver<ExactTable, HighestFirst> {
    Solver::with_parts(Config::default(), ExactTable::new(64), HighestFirst::default())
}

#[test]
fn outside_table_and_ordering_solve_list10_exactly() {
    let mut solver = plug_in_solver();
    for (deal, want) in list10() {
        assert_eq!(solver.table(&deal).to_dds_order(), want, "{deal}");
    }
    assert!(solver.ordering().cutoffs > 0, "the ordering was told of cutoffs");
    assert!(solver.tt_stats().entries > 0, "the table was used");
}

#[test]
fn outside_table_and_ordering_run_in_a_batch() {
    let cases = list10();
    let deals: Vec<Deal> = cases.iter().map(|(d, _)| *d).collect();
    let options = BatchOptions {
        threads: 2,
        ..BatchOptions::default()
    };
    let tables = solve_tables_by(&deals, &options, plug_in_solver);
    for (table, (deal, want)) in tables.iter().zip(&cases) {
        assert_eq!(table.to_dds_order(), *want, "{deal}");
    }
}

#[test]
fn a_tiny_memory_limit_is_honoured_and_still_exact() {
    // 1 MB: the table is cleared many times over a deal, the results stay exact.
    let mut solver = Solver::with_parts(
        Config::default(),
        ExactTable::new(1),
        HighestFirst::default(),
    );
    let (deal, want) = list10()[0];
    assert_eq!(solver.table(&deal).to_dds_order(), want);
    assert!(solver.tt_stats().bytes <= 1 << 20);
}
