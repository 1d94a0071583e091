//! The real DDS library (crates.io `dds-bridge-sys`) on the inputs of the `search` bench,
//! under the same benchmark names with `dds` for `ddsolve`, single thread: its table
//! (`CalcDDtablePBNN(.., 1)`) of list10 deals, and `SolveBoard(target -1, solutions 3)` of
//! opening leads.
//!
//! `DDSOLVE_BENCH_DEALS=n` sets how many list10 deals (default 3).

// The wrapper is xtask's; included here so that the benches need not depend on xtask.
#[path = "../../xtask/src/dds.rs"]
mod dds;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use ddsolve_benches::{lead_starts, table_deals};
use std::time::Duration;

fn bench(c: &mut Criterion) {
    dds::init_single_thread();
    let mut g = c.benchmark_group("table");
    g.sample_size(10).warm_up_time(Duration::from_millis(500));
    for (entry, deal) in table_deals() {
        let pbn = deal.to_pbn();
        g.bench_with_input(
            BenchmarkId::new("dds", format!("list10-{entry}")),
            &pbn,
            |b, pbn| b.iter(|| dds::table(pbn).expect("DDS solves the deal")),
        );
    }
    g.finish();

    let leads: Vec<(String, u8, u8)> = lead_starts()
        .into_iter()
        .map(|(deal, trump, first)| (deal.to_pbn(), trump.index() as u8, first.index() as u8))
        .collect();
    let mut g = c.benchmark_group("solve_leads");
    g.sample_size(10).warm_up_time(Duration::from_millis(500));
    g.bench_function(
        BenchmarkId::new("dds", format!("{}-boards", leads.len())),
        |b| {
            b.iter(|| {
                let mut best = 0;
                for (pbn, trump, first) in &leads {
                    let fut = dds::solve_board_all(pbn, *trump, *first, &[]).expect("DDS solves");
                    best += fut[0].3;
                }
                best
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
