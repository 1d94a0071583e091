use ddsolve_cards::Deal;
use ddsolve_search::Solver;
use std::time::Instant;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("../shared/data/dds-hands/list100.txt".into());
    let text = std::fs::read_to_string(path).unwrap();
    let mut deal: Option<Deal> = None;
    let mut n = 0;
    let mut bad = 0;
    let t0 = Instant::now();
    let mut solver = Solver::new();
    let mut seen = std::collections::HashSet::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("PBN ") {
            let q = rest.find('"').unwrap();
            deal = Some(
                rest[q + 1..rest.len() - 1]
                    .trim_end_matches('"')
                    .trim()
                    .trim_end_matches('"')
                    .parse()
                    .unwrap(),
            );
        } else if let Some(rest) = line.strip_prefix("TABLE ") {
            let d = deal.unwrap();
            if !seen.insert(d.to_string()) {
                continue;
            }
            let want: Vec<u8> = rest
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            let t1 = Instant::now();
            let n0 = solver.nodes();
            let got = solver.table(&d).to_dds_order();
            println!(
                "{:8} nodes {:6} entries {:.3}s",
                solver.nodes() - n0,
                solver.tt_stats().entries,
                t1.elapsed().as_secs_f64()
            );
            solver.clear();
            n += 1;
            if got.to_vec() != want {
                bad += 1;
                println!("MISMATCH {d}\n got {:?}\nwant {:?}", got, want);
            }
            if t1.elapsed().as_secs_f64() > 2.0 {
                println!("slow {:.2}s {d}", t1.elapsed().as_secs_f64());
            }
        }
    }
    println!("{n} tables, {bad} bad, {:.2}s", t0.elapsed().as_secs_f64());
}
