//! The store and probe benches of a transposition table, shared by the `tt`, `tt_pattern`
//! and `tt_zobrist` benches: [`items`] (what one store needs, for trick-start positions
//! sampled from DDS's list1000, with seeded winning ranks and bounds), [`fill`] and
//! [`probe_all`] (the table calls, each item keyed by the table first, as the search keys a
//! node once and then probes or stores), and [`table`] (a criterion group timing a table's
//! stores and its probes of stored and of other positions).

use crate::{entries, sample_positions, starts, Sample, SEED};
use criterion::{BatchSize, Criterion, Throughput};
use ddsolve_cards::{DealRng, Hand, Position};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_key::absolute_win_ranks;

/// What one store needs.
#[derive(Clone, Debug)]
pub struct Item {
    /// The position, as the search hands it to a table.
    pub at: TrickStart,
    /// The winning ranks stored.
    pub win: Hand,
    /// The lower bound stored.
    pub lower: u8,
    /// The upper bound stored.
    pub upper: u8,
    /// Tricks left.
    pub tl: u8,
}

/// Which bounds [`items`] draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// A random lower bound and a random upper bound above it.
    Random,
    /// A random lower bound only (the upper bound is the tricks left), so that no two stores
    /// of one shape contradict each other.
    LowerOnly,
}

/// Items for `positions`: winning ranks are the top 0..=3 cards of each suit, and the bounds
/// random as `bounds` says, drawn from a generator seeded with `seed`.
pub fn items(positions: &[Position], seed: u64, bounds: Bounds) -> Vec<Item> {
    let mut rng = DealRng::new(seed);
    positions
        .iter()
        .map(|p| {
            let hands = *p.hands();
            let tl = p.tricks_left() as u8;
            let counts = [0u8; 4].map(|_| rng.below(4) as u8);
            let lower = rng.below(u64::from(tl) + 1) as u8;
            let upper = match bounds {
                Bounds::Random => lower + rng.below(u64::from(tl - lower) + 1) as u8,
                Bounds::LowerOnly => tl,
            };
            Item {
                at: TrickStart::from_position(p).expect("a trick start"),
                win: absolute_win_ranks(counts, &hands),
                lower,
                upper,
                tl,
            }
        })
        .collect()
}

/// The trick starts the table benches store and probe: `per_entry` from each entry of
/// list1000, sampled with `seed` (the benches use [`SEED`] for the stored positions and
/// `SEED + 1` for the others).
pub fn trick_starts(per_entry: usize, seed: u64) -> Vec<Position> {
    sample_positions(
        &starts(&entries("list1000.txt")),
        per_entry,
        seed,
        Sample::TrickStart,
    )
}

/// The items the table benches store (10 trick starts of each list1000 entry) and the
/// others they probe for (10 more, another seed).
pub fn stored_and_other(bounds: Bounds) -> (Vec<Item>, Vec<Item>) {
    (
        items(&trick_starts(10, SEED), SEED, bounds),
        items(&trick_starts(10, SEED + 1), SEED + 1, bounds),
    )
}

/// Stores every item, keyed by the table.
pub fn fill(tt: &mut impl TranspositionTable, items: &[Item]) {
    for it in items {
        let key = tt.key(&it.at);
        let entry = TtEntry {
            lower: it.lower,
            upper: it.upper,
            win: it.win,
            best: None,
        };
        tt.store(&key, &it.at, entry);
    }
}

/// Probes every item, keyed by the table, at half its tricks left; returns how many probes decided.
pub fn probe_all(tt: &mut impl TranspositionTable, items: &[Item]) -> u32 {
    let mut hits = 0;
    for it in items {
        let t = it.tl.div_ceil(2).max(1);
        let key = tt.key(&it.at);
        hits += u32::from(tt.probe(&key, &it.at, t).is_some());
    }
    hits
}

/// Store and probe benches of one table, the group `tt_{name}`: `store` (every stored item
/// into a new table), `probe_stored` and `probe_other` (every item probed in a table holding
/// the stored ones). Prints the table's size and how many probes decided on stderr.
pub fn table<T: TranspositionTable>(
    c: &mut Criterion,
    name: &str,
    new: impl Fn() -> T + Copy,
    stored: &[Item],
    other: &[Item],
) {
    let mut g = c.benchmark_group(format!("tt_{name}"));
    g.throughput(Throughput::Elements(stored.len() as u64));
    g.bench_function("store", |b| {
        b.iter_batched_ref(new, |tt| fill(tt, stored), BatchSize::LargeInput)
    });
    let mut tt = new();
    fill(&mut tt, stored);
    let hits = probe_all(&mut tt, stored);
    let other_hits = probe_all(&mut tt, other);
    eprintln!(
        "tt_{name}: {} entries, {} bytes; probes of stored positions decide {hits} of {}, of other positions {other_hits} of {}",
        tt.stats().entries,
        tt.stats().bytes,
        stored.len(),
        other.len()
    );
    g.bench_function("probe_stored", |b| b.iter(|| probe_all(&mut tt, stored)));
    g.throughput(Throughput::Elements(other.len() as u64));
    g.bench_function("probe_other", |b| b.iter(|| probe_all(&mut tt, other)));
    g.finish();
}
