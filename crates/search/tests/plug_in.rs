//! The seams, used from outside: transposition tables and a move ordering written here, in
//! the test, with no change to the library, solve DDS's `list10.txt` tables exactly, one
//! solver at a time and one solver per thread (as `ddsolve-exec`'s batches run them). One table is keyed by the exact position
//! (it needs no pattern maths: a table derives its own key from the position the search
//! hands it), the other by the rank-pattern pieces of the `tt` crate.

use ddsolve_cards::{Card, Deal, Hand, Seat, SeatMap, Suit};
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_orderings::AnyOrdering;
use ddsolve_search::{Counter, SearchConfig, Solver};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};
use std::collections::HashMap;
// Only the pattern table below uses the pattern maths; the exact table needs none of it.
use ddsolve_tt_key::{absolute_win_ranks, relative_counts, Pattern, PatternKey, RankOwners};

/// The simplest table there is, keyed by the exact position: the four hands and the hand on
/// lead, in a `HashMap`. It needs nothing of the `tt` crate but the trait and its types (no
/// pattern maths): an entry stands for its one position, so the winning cards stored are
/// cards of every position it matches and go back as they are. Bounds stored again merge
/// (the lower rises, the upper falls, the winning cards of both count). No ageing: the whole
/// table is cleared when it would outgrow its memory limit.
#[derive(Debug)]
struct ExactTable {
    map: HashMap<(SeatMap<Hand>, Seat), TtEntry>,
    max_entries: usize,
    resets: u64,
}

/// What one entry of [`ExactTable`] costs, roughly, with its share of the map.
const EXACT_ENTRY_BYTES: usize = 96;

impl ExactTable {
    fn new(limit_mb: usize) -> ExactTable {
        ExactTable {
            map: HashMap::new(),
            max_entries: (limit_mb << 20) / EXACT_ENTRY_BYTES,
            resets: 0,
        }
    }
}

impl TranspositionTable for ExactTable {
    type Key = (SeatMap<Hand>, Seat);

    fn key(&mut self, at: &TrickStart) -> Self::Key {
        (*at.hands(), at.leader())
    }

    fn probe(&mut self, key: &Self::Key, _: &TrickStart, tricks: u8) -> Option<TtHit> {
        let e = self.map.get(key)?;
        let reached = e.lower >= tricks;
        (reached || e.upper < tricks).then_some(TtHit {
            reached,
            bound: if reached { e.lower } else { e.upper },
            win: e.win,
            best: e.best,
        })
    }

    fn store(&mut self, key: &Self::Key, _: &TrickStart, entry: TtEntry) {
        if let Some(e) = self.map.get_mut(key) {
            e.lower = e.lower.max(entry.lower);
            e.upper = e.upper.min(entry.upper);
            // More winning cards claim the bounds for fewer positions: always sound.
            e.win |= entry.win;
            e.best = entry.best.or(e.best);
            return;
        }
        if self.map.len() >= self.max_entries {
            self.map.clear();
            self.resets += 1;
        }
        self.map.insert(*key, entry);
    }

    fn clear(&mut self) {
        self.map.clear();
    }

    fn stats(&self) -> TtStats {
        TtStats {
            entries: self.map.len(),
            bytes: self.map.len() * EXACT_ENTRY_BYTES,
            resets: self.resets,
            ..TtStats::default()
        }
    }
}

/// A small table in the paper's manner, built from the `tt` crate's public pieces of the
/// rank-pattern key: per suit-length shape, leader and tricks left, a list of entries
/// scanned newest first; an entry holds who owns each suit's top relative ranks down to the
/// lowest winning rank (the cards its bounds rest on), and matches every position with those
/// owners. Its keys come from a [`RankOwners`] prepared per deal. No merging, no ageing: the
/// whole table is cleared when it would outgrow its memory limit.
#[derive(Debug)]
struct SimpleTable {
    owners: RankOwners,
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
            owners: RankOwners::new(),
            lists: HashMap::new(),
            entries: 0,
            max_entries: (limit_mb << 20) / ENTRY_BYTES,
            resets: 0,
        }
    }
}

impl TranspositionTable for SimpleTable {
    type Key = PatternKey;

    fn prepare(&mut self, root: &SeatMap<Hand>) {
        self.owners.prepare(root);
    }

    fn key(&mut self, at: &TrickStart) -> PatternKey {
        self.owners.key(at)
    }

    fn probe(&mut self, key: &PatternKey, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        let list = self.lists.get(&key.shape.packed())?;
        list.iter().rev().find_map(|e| {
            if key.pattern.0 & e.mask != e.owners {
                return None;
            }
            let reached = e.lower >= tricks;
            (reached || e.upper < tricks).then(|| TtHit {
                reached,
                bound: if reached { e.lower } else { e.upper },
                win: absolute_win_ranks(e.counts, at.hands()),
                best: e.best,
            })
        })
    }

    fn store(&mut self, key: &PatternKey, at: &TrickStart, entry: TtEntry) {
        if self.entries >= self.max_entries {
            self.clear();
            self.resets += 1;
        }
        let counts = relative_counts(entry.win, at.hands());
        let mask = Pattern::mask(counts);
        self.lists
            .entry(key.shape.packed())
            .or_default()
            .push(Entry {
                owners: key.pattern.0 & mask,
                mask,
                counts,
                lower: entry.lower,
                upper: entry.upper,
                best: entry.best,
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

    fn cutoff(&mut self, _view: &TrickView, _hints: &OrderHints, _card: Card) {
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
fn outside_table_and_ordering_run_on_threads() {
    let cases = list10();
    // Two threads, each with a solver of its own, each taking every other deal.
    let tables: Vec<Vec<_>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|k| {
                let cases = &cases;
                scope.spawn(move || {
                    let mut solver = plug_in_solver();
                    cases
                        .iter()
                        .skip(k)
                        .step_by(2)
                        .map(|(deal, _)| solver.table(deal))
                        .collect()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for (i, (deal, want)) in cases.iter().enumerate() {
        assert_eq!(tables[i % 2][i / 2].to_dds_order(), *want, "{deal}");
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

#[test]
fn a_table_keyed_by_the_exact_position_solves_list10_exactly() {
    // The library's own ordering: the exact table generalises over nothing, so it searches
    // many times the nodes of a pattern table, and a good ordering keeps that short.
    let mut solver: Solver<ExactTable, AnyOrdering> =
        Solver::with_tt(SearchConfig::default(), ExactTable::new(64));
    for (deal, want) in list10() {
        assert_eq!(solver.table(&deal).to_dds_order(), want, "{deal}");
    }
    let stats = solver.tt_stats();
    assert!(stats.entries > 0, "the table was used");
    assert!(stats.bytes <= 64 << 20);
    assert!(
        solver.search_stats().total(Counter::TtHits) > 0,
        "the table answered"
    );
}
