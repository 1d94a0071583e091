//! Move generation and ordering over mid-play positions sampled from DDS's list100.
//! Throughput is in moves generated.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ddsolve_benches::positions;
use ddsolve_moves::{generate, MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_orderings::PaperOrdering;

fn bench(c: &mut Criterion) {
    let positions = positions("list100.txt", 20);
    let mut list = MoveList::new();
    let moves: usize = positions
        .iter()
        .map(|p| {
            generate(&TrickView::of(p), &mut list);
            list.len()
        })
        .sum();
    let mut g = c.benchmark_group("moves");
    g.throughput(Throughput::Elements(moves as u64));
    g.bench_function("generate", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                generate(&TrickView::of(black_box(p)), &mut list);
                n += list.len();
            }
            n
        })
    });
    let hints = OrderHints::default();
    g.bench_function("generate+paper_ordering", |b| {
        b.iter(|| {
            let mut w = 0;
            for p in &positions {
                let view = TrickView::of(black_box(p));
                generate(&view, &mut list);
                PaperOrdering.order(&view, &hints, &mut list);
                w += list[0].weight;
            }
            w
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
