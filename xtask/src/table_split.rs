//! `cargo xtask table-split`: the speed-up of one deal's table on several threads
//! (`ddsolve::parallel_table`), argued from the tasks' sizes in nodes rather than
//! timed, so that a loaded machine does not blur it.
//!
//! For each deal, each strain's nodes as `Solver::table` searches it (a cold solver per
//! strain, its four leaders warm) and each leader's nodes searched alone by a cold solver
//! (what a split leader costs). Then the parallel table's schedule is replayed in nodes for
//! 1 to 8 threads: strains handed out in order (notrump first), a strain's owner doing its
//! leaders in turn (the first at its cold cost, the others sharing the rest of the strain's
//! nodes equally), and with split leaders an idle thread taking the last leader nobody has
//! taken, at its cold cost. Printed: the finishing time of the last thread against one
//! thread's nodes (the time ratio if time follows nodes), and the nodes searched in all.

use crate::tt_stats::read_deals;
use ddsolve::Solver;
use ddsolve_cards::{Deal, Position};
use std::path::Path;

use ddsolve::search::{LEADER_ORDER as LEADERS, TABLE_ORDER as STRAINS};

/// One deal's task sizes in nodes.
struct Sizes {
    /// Per strain, the nodes of its four leaders in one warm solver.
    strain: [f64; 5],
    /// Per strain and leader, the nodes of that leader alone, cold.
    cold: [[f64; 4]; 5],
}

fn sizes(deal: &Deal) -> Sizes {
    let mut strain = [0.0; 5];
    let mut cold = [[0.0; 4]; 5];
    for (k, &s) in STRAINS.iter().enumerate() {
        let mut solver = Solver::new();
        solver.strain_tricks(deal, s);
        strain[k] = solver.nodes() as f64;
        for (i, &l) in LEADERS.iter().enumerate() {
            let mut solver = Solver::new();
            solver.tricks(&Position::new(*deal, s, l));
            cold[k][i] = solver.nodes() as f64;
        }
    }
    Sizes { strain, cold }
}

/// The replayed schedule on `threads` threads: (the last thread's finishing time, nodes in
/// all), both in nodes.
fn replay(z: &Sizes, threads: usize, split: bool) -> (f64, f64) {
    // The owner's cost of each leader: the first cold, the others the rest shared out.
    let warm = |k: usize, i: usize| {
        if i == 0 {
            z.cold[k][0].min(z.strain[k])
        } else {
            (z.strain[k] - z.cold[k][0].min(z.strain[k])) / 3.0
        }
    };
    let mut claimed = [[false; 4]; 5];
    let mut next_strain = 0;
    // Per thread: when it is free, whether it has stopped, the strain it owns if any.
    let mut free = vec![0.0f64; threads];
    let mut stopped = vec![false; threads];
    let mut owns: Vec<Option<usize>> = vec![None; threads];
    let mut total = 0.0;
    // The thread free first takes its next piece of work, until every thread stops.
    while let Some(t) = (0..threads)
        .filter(|&t| !stopped[t])
        .min_by(|&a, &b| free[a].total_cmp(&free[b]))
    {
        if let Some(k) = owns[t] {
            if let Some(i) = (0..4).find(|&i| !claimed[k][i]) {
                claimed[k][i] = true;
                free[t] += warm(k, i);
                total += warm(k, i);
                continue;
            }
            owns[t] = None;
        }
        if next_strain < 5 {
            let k = next_strain;
            next_strain += 1;
            claimed[k][0] = true;
            owns[t] = Some(k);
            free[t] += warm(k, 0);
            total += warm(k, 0);
            continue;
        }
        let open = |c: &[bool; 4]| c.iter().filter(|&&x| !x).count();
        let pick = (0..5)
            .filter(|&k| split && open(&claimed[k]) > 0)
            .max_by_key(|&k| (open(&claimed[k]), std::cmp::Reverse(k)));
        match pick {
            Some(k) => {
                let i = (0..4)
                    .rev()
                    .find(|&i| !claimed[k][i])
                    .expect("an open leader");
                claimed[k][i] = true;
                free[t] += z.cold[k][i];
                total += z.cold[k][i];
            }
            None => stopped[t] = true,
        }
    }
    (free.iter().copied().fold(0.0, f64::max), total)
}

/// Runs `cargo xtask table-split`.
pub fn run(file: &Path, limit: Option<usize>) -> Result<(), String> {
    let mut deals = read_deals(file)?;
    deals.truncate(limit.unwrap_or(deals.len()));
    let all: Vec<Sizes> = deals.iter().map(sizes).collect();
    let serial: f64 = all.iter().map(|z| z.strain.iter().sum::<f64>()).sum();
    let nt: f64 = all.iter().map(|z| z.strain[0]).sum();
    println!(
        "{} deals, one thread {:.0} nodes a deal, notrump {:.1}% of them",
        all.len(),
        serial / all.len() as f64,
        100.0 * nt / serial
    );
    println!("threads  split  time/one thread (sum of deals)  nodes/one thread");
    for threads in [1, 2, 3, 4, 5, 6, 8] {
        for split in [false, true] {
            let (mut end, mut total) = (0.0, 0.0);
            for z in &all {
                let (e, t) = replay(z, threads, split);
                end += e;
                total += t;
            }
            println!(
                "{threads:7}  {:5}  {:30.3}  {:16.3}",
                if split { "yes" } else { "no" },
                end / serial,
                total / serial
            );
        }
    }
    Ok(())
}
