//! The solver end to end: `Solver::table` on list10 deals, and a SolveBoard-style solve
//! (every card's value, `Target::Max`, `Solutions::All`) of opening leads. Each table and
//! each solve starts from an empty transposition table, as DDS does for a new deal.
//! The `dds` bench times DDS on the same inputs under the same names.
//!
//! `DDSOLVE_BENCH_DEALS=n` sets how many list10 deals (default 3).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use ddsolve::{Solutions, Solver, Target};
use ddsolve_benches::{lead_starts, table_deals};
use ddsolve_cards::Position;
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let mut solver = Solver::new();
    let mut g = c.benchmark_group("table");
    g.sample_size(10).warm_up_time(Duration::from_millis(500));
    for (entry, deal) in table_deals() {
        g.bench_with_input(
            BenchmarkId::new("ddsolve", format!("list10-{entry}")),
            &deal,
            |b, deal| {
                b.iter(|| {
                    solver.clear();
                    solver.table(deal)
                })
            },
        );
    }
    g.finish();

    let leads = lead_starts();
    let mut g = c.benchmark_group("solve_leads");
    g.sample_size(10).warm_up_time(Duration::from_millis(500));
    g.bench_function(
        BenchmarkId::new("ddsolve", format!("{}-boards", leads.len())),
        |b| {
            b.iter(|| {
                let mut best = 0;
                for &(deal, trump, first) in &leads {
                    solver.clear();
                    let pos = Position::new(deal, trump, first);
                    let sol = solver
                        .solve(&pos, Target::Max, Solutions::All)
                        .expect("a full deal solves");
                    best += sol.cards[0].tricks;
                }
                best
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
