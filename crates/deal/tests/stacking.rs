//! Smart stacking derived from the script against plain rejection on the same condition:
//! the produced deals must have the same distribution (two-sample chi-square tests with
//! fixed seeds), and stacking must generate far fewer deals.

use ddsolve_deal::{Options, Script};
use std::collections::BTreeMap;

const SCRIPT: &str = "rare = shape(north, any 4441) and hcp(north) >= 16\n\
    condition rare and hcp(south) >= 3\n\
    produce 3000\n\
    action printes(hcp(north), \" \", spades(north), \" \", hcp(south), \" \", hearts(west), \"\\n\")\n";

fn run(stacking: bool, seed: u64) -> (Vec<[i64; 4]>, u64) {
    let script = Script::parse(&SCRIPT.replace("\\n", "\n")).expect("parses");
    let opts = Options {
        seed: Some(seed),
        stacking,
        verbose: false,
        threads: 2,
        ..Options::default()
    };
    let mut out = Vec::new();
    let summary = script.run(&opts, &mut out).expect("runs");
    let rows = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Vec<i64> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2], v[3]]
        })
        .collect();
    (rows, summary.generated)
}

/// Two-sample chi-square homogeneity of one column, bins with fewer than 10 expected
/// pooled; asserts below the 0.1% critical value (approximated by Wilson-Hilferty).
fn homogeneous(name: &str, a: &[[i64; 4]], b: &[[i64; 4]], col: usize) {
    let mut counts: BTreeMap<i64, (f64, f64)> = BTreeMap::new();
    for r in a {
        counts.entry(r[col]).or_default().0 += 1.0;
    }
    for r in b {
        counts.entry(r[col]).or_default().1 += 1.0;
    }
    let (na, nb) = (a.len() as f64, b.len() as f64);
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let mut pool = (0.0, 0.0);
    for (_, c) in counts {
        pool.0 += c.0;
        pool.1 += c.1;
        if pool.0 + pool.1 >= 20.0 {
            bins.push(pool);
            pool = (0.0, 0.0);
        }
    }
    if let Some(last) = bins.last_mut() {
        last.0 += pool.0;
        last.1 += pool.1;
    }
    let mut chi = 0.0;
    for (x, y) in &bins {
        let t = x + y;
        let (ea, eb) = (t * na / (na + nb), t * nb / (na + nb));
        chi += (x - ea).powi(2) / ea + (y - eb).powi(2) / eb;
    }
    let df = (bins.len() - 1) as f64;
    let z = 3.09;
    let critical = df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3);
    assert!(
        chi < critical,
        "{name}: chi-square {chi:.1} over {df} degrees of freedom"
    );
}

#[test]
fn stacked_and_plain_rejection_agree() {
    let (stacked, gen_stacked) = run(true, 11);
    let (plain, gen_plain) = run(false, 12);
    assert_eq!(stacked.len(), 3000);
    assert_eq!(plain.len(), 3000);
    for r in &stacked {
        assert!(r[0] >= 16 && r[2] >= 3, "{r:?}");
    }
    for (name, col) in [
        ("hcp(north)", 0),
        ("spades(north)", 1),
        ("hcp(south)", 2),
        ("hearts(west)", 3),
    ] {
        homogeneous(name, &stacked, &plain, col);
    }
    assert!(
        gen_stacked * 50 < gen_plain,
        "stacking generated {gen_stacked} deals, rejection {gen_plain}"
    );
}
