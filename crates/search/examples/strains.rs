fn main() {
    use ddsolve_cards::{Position, Seat, Strain};
    let d: ddsolve_cards::Deal = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut s = ddsolve_search::Solver::new();
    for strain in Strain::ALL {
        for leader in Seat::ALL {
            let n0 = s.nodes();
            let t = std::time::Instant::now();
            let v = s.tricks(&Position::new(d, strain, leader));
            println!(
                "{strain:?} {leader:?}: {v} {} nodes {:.2}s",
                s.nodes() - n0,
                t.elapsed().as_secs_f64()
            );
        }
    }
}
