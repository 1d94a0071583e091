//! Store and probe rates of the rank-pattern table (both probe orders) beside the flat table,
//! on keys and patterns of trick-start positions sampled from DDS's list1000 (as the `tt`
//! bench), and stores into a 1 MB table that must evict. Throughput is in stores or probes.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ddsolve_benches::{entries, sample_positions, starts, Sample, SEED};
use ddsolve_cards::{DealRng, Hand, Position};
use ddsolve_tt::{absolute_win_ranks, PatternKey, TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::TtFlat;
use ddsolve_tt_pattern::{ProbeOrder, TtPattern};

/// What one store needs.
struct Item {
    at: TrickStart,
    key: PatternKey,
    win: Hand,
    lower: u8,
    upper: u8,
    tl: u8,
}

/// Items for `positions`: winning ranks are the top 0..=3 cards of each suit; lower bounds
/// only (so that no two stores of one shape contradict each other), drawn from a seeded
/// generator.
fn items(positions: &[Position], seed: u64) -> Vec<Item> {
    let mut rng = DealRng::new(seed);
    positions
        .iter()
        .map(|p| {
            let hands = *p.hands();
            let tl = p.tricks_left() as u8;
            let counts = [0u8; 4].map(|_| rng.below(4) as u8);
            let at = TrickStart::from_position(p).expect("a trick start");
            Item {
                at,
                key: PatternKey::new(&at),
                win: absolute_win_ranks(counts, &hands),
                lower: rng.below(u64::from(tl) + 1) as u8,
                upper: tl,
                tl,
            }
        })
        .collect()
}

fn fill(tt: &mut impl TranspositionTable<Key = PatternKey>, items: &[Item]) {
    for it in items {
        let entry = TtEntry {
            lower: it.lower,
            upper: it.upper,
            win: it.win,
            best: None,
        };
        tt.store(&it.key, &it.at, entry);
    }
}

fn probe_all(tt: &mut impl TranspositionTable<Key = PatternKey>, items: &[Item]) -> u32 {
    let mut hits = 0;
    for it in items {
        let t = it.tl.div_ceil(2).max(1);
        hits += u32::from(tt.probe(&it.key, &it.at, t).is_some());
    }
    hits
}

fn bench(c: &mut Criterion) {
    let st = starts(&entries("list1000.txt"));
    let stored = items(&sample_positions(&st, 10, SEED, Sample::TrickStart), SEED);
    let other = items(
        &sample_positions(&st, 10, SEED + 1, Sample::TrickStart),
        SEED + 1,
    );
    table(c, "pattern", || TtPattern::new(256), &stored, &other);
    table(
        c,
        "pattern_newest",
        || TtPattern::with_order(256, ProbeOrder::NewestFirst),
        &stored,
        &other,
    );
    table(c, "flat", || TtFlat::new(256), &stored, &other);

    // Many more stores than 1 MB holds: the cost of evicting under the budget.
    let many = items(
        &sample_positions(&st, 200, SEED + 2, Sample::TrickStart),
        SEED + 2,
    );
    let mut g = c.benchmark_group("tt_pattern_1mb");
    g.throughput(Throughput::Elements(many.len() as u64));
    g.bench_function("store", |b| {
        b.iter_batched_ref(
            || TtPattern::new(1),
            |tt| fill(tt, &many),
            BatchSize::LargeInput,
        )
    });
    g.finish();
    let mut tt = TtPattern::new(1);
    fill(&mut tt, &many);
    eprintln!(
        "tt_pattern_1mb: {} stores, {} entries kept in {} bytes; {:?}",
        many.len(),
        tt.stats().entries,
        tt.stats().bytes,
        tt.counters()
    );
}

/// Store and probe benches of one table.
fn table<T: TranspositionTable<Key = PatternKey>>(
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

criterion_group!(benches, bench);
criterion_main!(benches);
