//! The seams, used from outside: a transposition table and a move ordering written here, in
//! the test, with no change to the library, solve DDS's `list10.txt` tables exactly, one
//! solver at a time and through the batch API.

use ddsolve_cards::{Card, Deal, Hand, SeatMap, Suit};
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_search::{solve_tables_by, BatchOptions, SearchConfig, Solver};
use ddsolve_tt::{
    absolute_win_ranks, relative_counts, Pattern, TranspositionTable, TtHit, TtKey, TtStats,
};
use std::collections::HashMap;

/// A small, simple table in the paper's manner, built from the `tt` crate's public pieces:
/// per suit-length shape, leader and tricks left, a list of entries scanned newest first;
/// an entry holds who owns each suit's top relative ranks down to the lowest winning rank
/// (the cards its bounds rest on), and matches every position with those owners. No merging,
/// no ageing: the whole table is cleared when it would outgrow its memory limit.
#[derive(Debug)]
struct SimpleTable {
    lists: HashMap<u64, Vec<Entry>>,
    entries: usize,
    max_entries: usize,
    resets: u64,
}

/// One entry: the owners it requires (`pattern & mask`), the mask, the winning ranks per
/// suit as counts of top relative ranks, the bounds and the best move.
#[derive(Clone, Copy, Debug)]
struct Entry {
    owners: u128,
    mask: u128,
    counts: [u8; 4],
    lower: u8,
    upper: u8,
    best: Option<Card>,
}

/// What one entry costs, roughly, with its share of the map.
const ENTRY_BYTES: usize = 64;

impl SimpleTable {
    fn new(limit_mb: usize) -> SimpleTable {
        SimpleTable {
            lists: HashMap::new(),
            entries: 0,
            max_entries: (limit_mb << 20) / ENTRY_BYTES,
            resets: 0,
        }
    }
}

impl TranspositionTable for SimpleTable {
    fn probe(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        hands: &SeatMap<Hand>,
        tricks: u8,
    ) -> Option<TtHit> {
        let list = self.lists.get(&key.packed())?;
        list.iter().rev().find_map(|e| {
            if pattern.0 & e.mask != e.owners {
                return None;
            }
            let reached = e.lower >= tricks;
            (reached || e.upper < tricks).then(|| TtHit {
                reached,
                bound: if reached { e.lower } else { e.upper },
                win: absolute_win_ranks(e.counts, hands),
                best: e.best,
            })
        })
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
        if self.entries >= self.max_entries {
            self.clear();
            self.resets += 1;
        }
        let counts = relative_counts(win, hands);
        let mask = Pattern::mask(counts);
        self.lists.entry(key.packed()).or_default().push(Entry {
            owners: pattern.0 & mask,
            mask,
            counts,
            lower,
            upper,
            best,
        });
        self.entries += 1;
    }

    fn clear(&mut self) {
        self.lists.clear();
        self.entries = 0;
    }

    fn stats(&self) -> TtStats {
        TtStats {
            entries: self.entries,
            bytes: self.entries * ENTRY_BYTES,
            resets: self.resets,
            ..TtStats::default()
        }
    }
}

/// A plain ordering, the kind a newcomer writes first: the search's hints (the last cutoff
/// card at this depth, the table's best move) first; a leader plays high cards first; a
/// follower whose partner is winning plays low; otherwise the cheapest card that takes the
/// trick, then the rest from the bottom. It keeps a memory of its own: how many cutoffs it
/// was told of (state that lives in the ordering, `&mut self`).
#[derive(Debug, Default)]
struct SimpleOrdering {
    cutoffs: u64,
}

/// Whether `a` beats `b` in a trick with trumps `trump` (`b` played earlier).
fn beats(a: Card, b: Card, trump: Option<Suit>) -> bool {
    if a.suit() == b.suit() {
        a.rank() > b.rank()
    } else {
        Some(a.suit()) == trump
    }
}

impl MoveOrdering for SimpleOrdering {
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        let hinted = |c: Card| Some(c) == hints.cutoff || Some(c) == hints.tt;
        let rank = |c: Card| i32::from(c.rank().get());
        let trump = view.trump.trump();
        // The card winning the trick so far and how many cards ago it was played.
        let winner = view
            .trick
            .iter()
            .enumerate()
            .fold(None, |best, (i, &c)| match best {
                Some((_, w)) if !beats(c, w, trump) => best,
                _ => Some((i, c)),
            });
        let key = |c: Card| -> i32 {
            match winner {
                // Leading: highest first.
                None => -rank(c),
                // Partner (two cards ago) is winning: lowest first.
                Some((i, _)) if i + 2 == view.trick.len() => rank(c),
                // The cheapest winner, then low cards.
                Some((_, w)) if beats(c, w, trump) => {
                    -100 + rank(c) + 20 * i32::from(Some(c.suit()) == trump)
                }
                Some(_) => rank(c),
            }
        };
        moves.sort_by_key(|m| (!hinted(m.card), key(m.card), m.card.suit().index()));
    }

    fn cutoff(&mut self, _view: &TrickView, _card: Card) {
        self.cutoffs += 1;
    }
}

fn list10() -> Vec<(Deal, [u8; 20])> {
    let entries = ddsolve_testkit::data::read_dds_file("list10.txt").expect("list10.txt");
    let mut out: Vec<(Deal, [u8; 20])> = Vec::new();
    for e in entries {
        let table = e.table.expect("every list10 entry has a TABLE line");
        if !out.iter().any(|(d, _)| *d == e.deal) {
            out.push((e.deal, table));
        }
    }
    out
}

fn plug_in_solver() -> Solver<SimpleTable, SimpleOrdering> {
    Solver::with_parts(
        SearchConfig::default(),
        SimpleTable::new(64),
        SimpleOrdering::default(),
    )
}

#[test]
fn outside_table_and_ordering_solve_list10_exactly() {
    let mut solver = plug_in_solver();
    for (deal, want) in list10() {
        assert_eq!(solver.table(&deal).to_dds_order(), want, "{deal}");
    }
    assert!(
        solver.ordering().cutoffs > 0,
        "the ordering was told of cutoffs"
    );
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
    // 1 MB: the table is cleared over and over during a deal, the results stay exact.
    let mut solver = Solver::with_parts(
        SearchConfig::default(),
        SimpleTable::new(1),
        SimpleOrdering::default(),
    );
    // The quickest deal of the file: it fills the table even so.
    let (deal, want) = list10()[6];
    assert_eq!(solver.table(&deal).to_dds_order(), want);
    let stats = solver.tt_stats();
    assert!(stats.bytes <= 1 << 20);
    assert!(stats.resets > 0, "the table was full at least once");
}
