//! Par and dealer par of every entry of DDS's list100.txt (and list1000.txt when it is beside
//! the repository), computed from its `TABLE` line and compared with its `PAR` and `PAR2`
//! lines (DDS 2.9's `Par` and `DealerPar`).

use ddsolve_formats::dds_file::Entry;
use ddsolve_par::{dealer_par, par, DdTable};
use ddsolve_testkit::data;

fn table(e: &Entry) -> DdTable {
    let t = e
        .table
        .unwrap_or_else(|| panic!("entry {} has no TABLE", e.number));
    DdTable::from_dds_order(t).unwrap()
}

/// Checks every entry; returns (entries checked, mismatch reports) for Par and DealerPar.
fn check(entries: Vec<Entry>) -> (usize, Vec<String>, Vec<String>) {
    let (mut n, mut par_bad, mut dealer_bad) = (0, Vec::new(), Vec::new());
    for e in entries {
        let (Some(want_par), Some(want_par2)) = (&e.par, &e.par2) else {
            continue;
        };
        n += 1;
        let t = table(&e);
        let vul = e.vulnerability;
        let got = par(&t, vul).dds_strings();
        let want = [
            want_par.ns_score.clone(),
            want_par.ew_score.clone(),
            want_par.ns_contracts.clone(),
            want_par.ew_contracts.clone(),
        ];
        if got != want {
            par_bad.push(format!(
                "entry {} (line {}), vul {vul}: PAR expected {want:?}, got {got:?}\n{t}",
                e.number, e.line
            ));
        }
        let got = dealer_par(&t, e.dealer, vul).dds_strings();
        let mut want = vec![want_par2.score.clone()];
        want.extend(want_par2.contracts.iter().cloned());
        if got != want {
            let (number, line, dealer) = (e.number, e.line, e.dealer);
            dealer_bad.push(format!(
                "entry {number} (line {line}), dealer {dealer}, vul {vul}: \
                 PAR2 expected {want:?}, got {got:?}\n{t}"
            ));
        }
    }
    (n, par_bad, dealer_bad)
}

/// Checks every entry of a file with `expected` entries, each with a PAR and a PAR2 line.
fn assert_matches_dds(name: &str, entries: Vec<Entry>, expected: usize) {
    let (n, par_bad, dealer_bad) = check(entries);
    assert_eq!(
        n, expected,
        "{name} has a PAR and a PAR2 line in every entry"
    );
    for m in par_bad.iter().chain(&dealer_bad) {
        eprintln!("{m}");
    }
    assert!(
        par_bad.is_empty() && dealer_bad.is_empty(),
        "{name}: {} PAR and {} PAR2 mismatches of {n}",
        par_bad.len(),
        dealer_bad.len()
    );
}

#[test]
fn list100_par_and_dealer_par_match_dds() {
    let entries = data::read_dds_file("list100.txt").unwrap_or_else(|e| panic!("{e}"));
    assert_matches_dds("list100.txt", entries, 100);
}

/// DDS's list1000.txt (in the repository's test data).
#[test]
fn list1000_par_and_dealer_par_match_dds() {
    let entries = data::read_dds_file("list1000.txt").unwrap_or_else(|e| panic!("{e}"));
    assert_matches_dds("list1000.txt", entries, 1000);
}
