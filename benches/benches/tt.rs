//! Store and probe rates of the transposition tables (the paper's forest and the flat
//! table), on keys and patterns of trick-start positions sampled from DDS's list1000.
//! Throughput is in stores or probes.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ddsolve_benches::{entries, sample_positions, starts, Sample, SEED};
use ddsolve_cards::{DealRng, Hand, Position};
use ddsolve_tt::{absolute_win_ranks, PatternKey, TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::{TtFlat, TtForest};

/// What one store needs.
struct Item {
    at: TrickStart,
    key: PatternKey,
    win: Hand,
    lower: u8,
    upper: u8,
    tl: u8,
}

/// Items for `positions`: winning ranks are the top 0..=3 cards of each suit, and the bounds
/// random, drawn from a seeded generator.
fn items(positions: &[Position], seed: u64) -> Vec<Item> {
    let mut rng = DealRng::new(seed);
    positions
        .iter()
        .map(|p| {
            let hands = *p.hands();
            let tl = p.tricks_left() as u8;
            let counts = [0u8; 4].map(|_| rng.below(4) as u8);
            let lower = rng.below(u64::from(tl) + 1) as u8;
            let upper = lower + rng.below(u64::from(tl - lower) + 1) as u8;
            let at = TrickStart::from_position(p).expect("a trick start");
            Item {
                at,
                key: PatternKey::new(&at),
                win: absolute_win_ranks(counts, &hands),
                lower,
                upper,
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

    let mut g = c.benchmark_group("tt");
    g.throughput(Throughput::Elements(stored.len() as u64));
    g.bench_function("key+pattern", |b| {
        b.iter(|| {
            let mut x = 0u128;
            for it in &stored {
                let key = PatternKey::new(black_box(&it.at));
                x ^= key.pattern.0 ^ u128::from(key.shape.lengths);
            }
            x
        })
    });
    g.finish();
    table(c, "forest", || TtForest::new(256), &stored, &other);
    table(c, "flat", || TtFlat::new(256), &stored, &other);
}

/// Store and probe benches of one table kind.
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
