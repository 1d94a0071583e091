//! Calls from many threads at once give the answers of calls one at a time: the library
//! keeps no global state but the thread setting and the helpers lent; and one deal's table
//! on many threads (`CalcDDtable`, `CalcAllTables` with fewer deals than threads) gives one
//! thread's (the entry points called from Rust, through the rlib).

// The test calls the C entry points, which are `unsafe fn`s (they take raw pointers).
#![allow(unsafe_code)]

use dds::ffi::{
    DdTableDealPbn, DdTableDealsPbn, DdTableResults, DdTablesRes, DDS_STRAINS, MAXNOOFTABLES,
    RETURN_NO_FAULT,
};
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

/// The deals of a tables file (`deal <TAB> 20 numbers` lines), the first `take`.
fn table_file_deals(name: &str, take: usize) -> Vec<String> {
    let path = data::path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let deals: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(take)
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    assert_eq!(deals.len(), take, "{name} has fewer deals than asked");
    deals
}

/// list10's deals, random deals and freak deals (four voids or more).
fn mixed_deals() -> Vec<String> {
    let mut deals: Vec<String> = data::read_dds_file("list10.txt")
        .expect("list10.txt reads")
        .iter()
        .map(|e| e.deal.to_string())
        .collect();
    deals.extend(table_file_deals("random-seed1-200.tsv", 4));
    deals.extend(table_file_deals("freak-seed11-24.tsv", 2));
    deals
}

/// One solver's table on one thread, in DDS's form.
fn serial_table(pbn: &str) -> DdTableResults {
    let deal: ddsolve::Deal = pbn.parse().expect("a valid deal");
    let table = ddsolve::Solver::new().table(&deal);
    DdTableResults {
        res_table: table.as_array().map(|row| row.map(i32::from)),
    }
}

/// `CalcAllTablesPBN` of `deals`, all five strains, no par.
fn all_tables(deals: &[String]) -> Vec<DdTableResults> {
    let mut input = DdTableDealsPbn {
        no_of_tables: deals.len() as i32,
        deals: [DdTableDealPbn { cards: [0; 80] }; MAXNOOFTABLES * DDS_STRAINS],
    };
    for (slot, pbn) in input.deals.iter_mut().zip(deals) {
        for (d, b) in slot.cards.iter_mut().zip(pbn.bytes()) {
            *d = b as std::ffi::c_char;
        }
    }
    let mut out = DdTablesRes {
        no_of_boards: 0,
        results: [DdTableResults::default(); MAXNOOFTABLES * DDS_STRAINS],
    };
    let mut filter = [0i32; DDS_STRAINS];
    // SAFETY: valid, writable structs of their types; the filter has DDS_STRAINS ints; no
    // par asked (mode -1), so the null par pointer is not used.
    let code = unsafe {
        dds::table::CalcAllTablesPBN(
            &mut input,
            -1,
            filter.as_mut_ptr(),
            &mut out,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(code, RETURN_NO_FAULT);
    assert_eq!(out.no_of_boards, 20 * deals.len() as i32);
    out.results[..deals.len()].to_vec()
}

#[test]
fn one_deal_on_every_thread_gives_one_threads_tables() {
    let deals = mixed_deals();
    let want: Vec<DdTableResults> = deals.iter().map(|d| serial_table(d)).collect();
    // `CalcDDtable` shares a deal's strains out among the threads of the setting; the
    // batch does so for its last deals (fewer deals than threads), here 1 to 3 deals.
    for threads in [1, 2, 3, 8] {
        dds::threads::SetMaxThreads(threads);
        for (pbn, want) in deals.iter().zip(&want) {
            assert_eq!(&table(pbn), want, "CalcDDtable, {threads} threads: {pbn}");
        }
        for (c, few) in deals.chunks(3).enumerate() {
            let (k, n) = (3 * c, few.len());
            assert_eq!(
                all_tables(few),
                want[k..k + n],
                "CalcAllTables, {threads} threads, {n} deals from {k}"
            );
        }
    }
    dds::threads::SetMaxThreads(0);
}
