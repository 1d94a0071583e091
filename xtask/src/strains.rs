//! `cargo xtask strains DEAL|FILE`: DD-table time per strain, ddsolve
//! (`Solver::strain_tricks`, cold) against DDS (`CalcAllTablesPBNN` with a trump filter),
//! one thread, to see in which strains the two differ. With one deal, also per leader
//! against DDS's `SolveBoard`, with the nodes at trick starts (what DDS counts as nodes).

use crate::dds;
use ddsolve::search::TABLE_ORDER as STRAINS;
use ddsolve::Solver;
use ddsolve_cards::{Deal, Position, Seat};
use std::time::Instant;

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

pub fn run(what: &str, limit: usize) -> Result<(), String> {
    dds::init_single_thread();
    let deals: Vec<Deal> = if std::path::Path::new(what).exists() {
        crate::common::distinct_deals(&what.into(), Some(limit))?
            .0
            .into_iter()
            .map(|d| d.deal)
            .collect()
    } else {
        vec![what.parse().map_err(|e| format!("{e}"))?]
    };
    if let [d] = deals[..] {
        per_leader(&d)?;
    }
    // Per strain: ddsolve ms, DDS ms.
    let mut sums = [[0f64; 2]; 5];
    let mut solver = Solver::new();
    for d in &deals {
        let pbn = d.to_pbn();
        for (si, &strain) in STRAINS.iter().enumerate() {
            solver.clear();
            let t = Instant::now();
            let ours = solver.strain_tricks(d, strain);
            sums[si][0] += ms_since(t);
            let t = Instant::now();
            let theirs = dds::table_strain(&pbn, strain.index())?;
            sums[si][1] += ms_since(t);
            if ours != theirs {
                return Err(format!(
                    "{pbn} {strain:?}: ddsolve {ours:?}, DDS {theirs:?}"
                ));
            }
        }
    }
    println!(
        "{} deals; table ms per strain: ddsolve, DDS, ratio",
        deals.len()
    );
    for (si, strain) in STRAINS.iter().enumerate() {
        let [a, b] = sums[si];
        println!("{:9} {a:9.0} {b:9.0} {:6.2}", format!("{strain:?}"), a / b);
    }
    let a: f64 = sums.iter().map(|s| s[0]).sum();
    let b: f64 = sums.iter().map(|s| s[1]).sum();
    println!("{:9} {a:9.0} {b:9.0} {:6.2}", "all", a / b);
    Ok(())
}

fn per_leader(d: &Deal) -> Result<(), String> {
    let pbn = d.to_pbn();
    println!("strain leader: tricks, ddsolve trick nodes, ms (fresh table) | DDS SolveBoard trick nodes, ms");
    for strain in STRAINS {
        for leader in Seat::ALL {
            let mut solver = Solver::new();
            let t = Instant::now();
            let v = solver.tricks(&Position::new(*d, strain, leader));
            let ms = ms_since(t);
            let t = Instant::now();
            let (dv, dn) =
                dds::solve_board_nodes(&pbn, strain.index() as u8, leader.index() as u8)?;
            let dms = ms_since(t);
            if i32::from(v) != dv {
                return Err(format!(
                    "{pbn} {strain:?} {leader:?}: ddsolve {v}, DDS {dv}"
                ));
            }
            let n = solver.trick_nodes();
            println!("{strain:?} {leader:?}: {v:2} {n:10} {ms:7.1} | {dn:10} {dms:7.1}");
        }
    }
    Ok(())
}
