fn main() {
    let d: ddsolve_cards::Deal = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut s = ddsolve_search::Solver::new();
    let t = std::time::Instant::now();
    let tab = s.table(&d);
    eprintln!(
        "\n{:?} {:.3}s nodes {}",
        tab.to_dds_order(),
        t.elapsed().as_secs_f64(),
        s.nodes()
    );
}
