//! Store and probe rates of the transposition tables (the paper's forest and the flat
//! table), on keys and patterns of trick-start positions sampled from DDS's list1000.
//! Throughput is in stores or probes.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ddsolve_benches::store_probe::{stored_and_other, table, Bounds};
use ddsolve_tt_forest::{TtFlat, TtForest};
use ddsolve_tt_key::PatternKey;

fn bench(c: &mut Criterion) {
    let (stored, other) = stored_and_other(Bounds::Random);
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

criterion_group!(benches, bench);
criterion_main!(benches);
