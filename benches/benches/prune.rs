//! The cutoffs that need no search, over positions sampled from DDS's list100: quick tricks
//! and later tricks at the start of a trick, the second hand's quick trick after a lead.
//! Throughput is in positions.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ddsolve_benches::{after_lead, trick_start};
use ddsolve_prune::{later_tricks, quick_trick_second_hand, quick_tricks};

fn bench(c: &mut Criterion) {
    let starts = trick_start("list100.txt", 20);
    let leads = after_lead("list100.txt", 20);
    let mut g = c.benchmark_group("prune");
    g.throughput(Throughput::Elements(starts.len() as u64));
    g.bench_function("quick_tricks", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for p in &starts {
                n += u32::from(quick_tricks(black_box(p.hands()), p.trump(), p.leader()).tricks);
            }
            n
        })
    });
    g.bench_function("later_tricks", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for p in &starts {
                let left = p.tricks_left() as u8;
                n += u32::from(
                    later_tricks(black_box(p.hands()), p.trump(), p.leader(), left).tricks,
                );
            }
            n
        })
    });
    g.throughput(Throughput::Elements(leads.len() as u64));
    g.bench_function("quick_trick_second_hand", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for p in &leads {
                let lead = p.trick()[0];
                n += u32::from(
                    quick_trick_second_hand(black_box(p.hands()), p.trump(), p.leader(), lead)
                        .tricks,
                );
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
