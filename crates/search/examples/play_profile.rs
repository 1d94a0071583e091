use ddsolve_search::{PlayDriver, PlayOptions, PlayOrder, Solver};
use ddsolve_testkit::dds_files::read_shared;
use std::time::Instant;
fn main() {
    let limit: usize = std::env::args().nth(1).map_or(40, |x| x.parse().unwrap());
    let es: Vec<_> = read_shared("list1000.txt")
        .unwrap()
        .into_iter()
        .filter(|e| e.play.is_some())
        .take(limit)
        .collect();
    let mut solver = Solver::new();
    for (driver, order) in [
        (PlayDriver::Probes, PlayOrder::Forward),
        (PlayDriver::Probes, PlayOrder::Backward),
        (PlayDriver::Tricks, PlayOrder::Forward),
    ] {
        for cold in [false, true] {
            let t = Instant::now();
            let n0 = solver.nodes();
            let mut bad = 0;
            for e in &es {
                solver.clear();
                let a = solver
                    .analyse_play_with(
                        &e.deal,
                        e.trump,
                        e.first,
                        e.play.as_ref().unwrap(),
                        PlayOptions {
                            driver,
                            order,
                            cold,
                        },
                    )
                    .unwrap();
                let tr = e.trace.as_ref().unwrap();
                if a.tricks[..tr.len()] != tr[..] {
                    bad += 1;
                }
            }
            println!(
                "{driver:?} {order:?} cold {cold}: {:.2}s {} nodes bad {bad}",
                t.elapsed().as_secs_f64(),
                solver.nodes() - n0
            );
        }
    }
}
