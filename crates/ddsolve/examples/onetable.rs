//! Times one deal's table: `cargo run --release -p ddsolve --example onetable -- "N:..."`.
fn main() {
    let d: ddsolve_cards::Deal = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut s = ddsolve::Solver::new();
    let t = std::time::Instant::now();
    let tab = s.table(&d);
    println!(
        "{:?} {:.3}s nodes {} tt {:?}",
        tab.to_dds_order(),
        t.elapsed().as_secs_f64(),
        s.nodes(),
        s.tt_stats()
    );
}
