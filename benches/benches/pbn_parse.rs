//! Reading hostile PBN input: one line of N tags (`[Event "x"]` repeated), read by the
//! stream reader of `ddsolve table` and `par` (`ddsolve_formats::records::Records`) and by
//! `annotate`'s reader (`PbnFile::parse_with`), for N = 50,000, 100,000 and 500,000. The
//! time must grow linearly with N (it grew quadratically before: 80,000 tags took 10.5 s).
//!
//! `cargo bench -p ddsolve-benches --bench pbn_parse`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ddsolve_formats::pbn_file::{Limits, PbnFile};
use ddsolve_formats::records::Records;
use std::hint::black_box;

/// One line of `n` tags, then a deal tag, as one game.
fn many_tags(n: usize) -> Vec<u8> {
    let mut s = "[Event \"x\"]".repeat(n);
    s.push_str(
        "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n",
    );
    s.into_bytes()
}

fn bench(c: &mut Criterion) {
    // The line is about 11 bytes a tag: 5.5 MB at 500,000 tags, over the default limit (as
    // `--max-line-bytes 64000000` would raise it).
    let limits = Limits {
        max_line_bytes: 64_000_000,
    };
    let mut group = c.benchmark_group("pbn_tags_on_one_line");
    group.sample_size(10);
    for n in [50_000, 100_000, 500_000] {
        let input = many_tags(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("records", n), &input, |b, input| {
            b.iter(|| Records::new("bench", black_box(&input[..]), limits).count())
        });
        group.bench_with_input(BenchmarkId::new("pbn_file", n), &input, |b, input| {
            b.iter(|| {
                PbnFile::parse_with(black_box(input), 1, &limits)
                    .map(|f| f.games().len())
                    .unwrap_or(0)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
