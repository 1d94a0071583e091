//! Calls from many threads at once give the answers of calls one at a time: the library
//! keeps no global state but the thread setting (the entry points called from Rust, through
//! the rlib).

// The test calls the C entry points, which are `unsafe fn`s (they take raw pointers).
#![allow(unsafe_code)]

use dds::ffi::{DdTableDealPbn, DdTableResults, RETURN_NO_FAULT};
use ddsolve_testkit::data;

fn table(pbn: &str) -> DdTableResults {
    let mut deal = DdTableDealPbn { cards: [0; 80] };
    for (d, b) in deal.cards.iter_mut().zip(pbn.bytes()) {
        *d = b as std::ffi::c_char;
    }
    let mut out = DdTableResults::default();
    // SAFETY: `out` is a valid, writable ddTableResults.
    let code = unsafe { dds::table::CalcDDtablePBN(deal, &mut out) };
    assert_eq!(code, RETURN_NO_FAULT);
    out
}

#[test]
fn tables_from_four_threads_match_one_at_a_time() {
    let deals: Vec<String> = data::read_dds_file("list10.txt")
        .expect("list10.txt reads")
        .iter()
        .map(|e| e.deal.to_string())
        .collect();
    let alone: Vec<DdTableResults> = deals.iter().map(|d| table(d)).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let deals = &deals;
                // Each thread goes through the deals from a different start.
                scope.spawn(move || {
                    (0..deals.len())
                        .map(|i| {
                            let k = (i + 3 * t) % deals.len();
                            (k, table(&deals[k]))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (k, t) in h.join().expect("no thread panicked") {
                assert_eq!(t, alone[k], "deal {k}");
            }
        }
    });
}
