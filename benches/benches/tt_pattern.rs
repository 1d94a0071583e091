//! Store and probe rates of the rank-pattern table (both probe orders) beside the flat table,
//! on keys and patterns of trick-start positions sampled from DDS's list1000 (as the `tt`
//! bench), and stores into a 1 MB table that must evict. Throughput is in stores or probes.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ddsolve_benches::store_probe::{fill, items, stored_and_other, table, trick_starts, Bounds};
use ddsolve_benches::SEED;
use ddsolve_tt::TranspositionTable;
use ddsolve_tt_forest::TtFlat;
use ddsolve_tt_pattern::{ProbeOrder, TtPattern};

fn bench(c: &mut Criterion) {
    let (stored, other) = stored_and_other(Bounds::LowerOnly);
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
    let many = items(&trick_starts(200, SEED + 2), SEED + 2, Bounds::LowerOnly);
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

criterion_group!(benches, bench);
criterion_main!(benches);
