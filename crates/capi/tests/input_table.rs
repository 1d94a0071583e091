//! The input table (`crates/testkit/data/input-table.tsv`) through the C library: every
//! deal string through `CalcDDtablePBN` (the entry points called from Rust, through the
//! rlib); and par of an ending refused with `RETURN_CARD_COUNT`, as every front end
//! refuses it.

// The test calls the C entry points, which are `unsafe fn`s (they take raw pointers).
#![allow(unsafe_code)]

use dds::ffi::{
    AllParResults, DdTableDealPbn, DdTableDealsPbn, DdTableResults, DdTablesRes, ParResults,
    DDS_STRAINS, MAXNOOFTABLES, RETURN_CARD_COUNT, RETURN_NO_FAULT, RETURN_PBN_FAULT,
};
use ddsolve::{Seat, Strain};
use ddsolve_testkit::input_table::{cases, Kind, Outcome};

/// A PBN string in DDS's 80-character array.
fn c_deal(bytes: &[u8]) -> DdTableDealPbn {
    assert!(
        bytes.len() < 80,
        "{} bytes do not fit DDS's array",
        bytes.len()
    );
    let mut deal = DdTableDealPbn { cards: [0; 80] };
    for (d, &b) in deal.cards.iter_mut().zip(bytes) {
        *d = b as std::ffi::c_char;
    }
    deal
}

#[test]
fn every_deal_string_reads_as_in_every_front_end() {
    for case in cases().into_iter().filter(|c| c.kind == Kind::Deal) {
        let mut out = DdTableResults::default();
        // SAFETY: `out` is a valid, writable ddTableResults.
        let code = unsafe { dds::table::CalcDDtablePBN(c_deal(&case.input), &mut out) };
        match &case.outcome {
            Outcome::Ok { deal, .. } => {
                assert_eq!(code, RETURN_NO_FAULT, "{}", case.label());
                let table = ddsolve::Solver::new().table(deal);
                for strain in Strain::ALL {
                    for seat in Seat::ALL {
                        assert_eq!(
                            out.res_table[strain.index()][seat.index()],
                            i32::from(table.tricks(strain, seat)),
                            "{}",
                            case.label()
                        );
                    }
                }
            }
            // DDS's reader ignores what is not a rank: a deal without its seat is a PBN
            // fault, a stray byte leaves a hand short.
            Outcome::Error { message } if message.contains("first seat") => {
                assert_eq!(code, RETURN_PBN_FAULT, "{}", case.label());
            }
            Outcome::Error { .. } => assert!(code < 0, "{}: {code}", case.label()),
        }
    }
}

const ENDING: &[u8] = b"N:AK2.3.4. QJ3.4..5 4.AK.AK. 5.Q.Q.AK";

#[test]
fn par_of_an_ending_is_refused() {
    let mut table = DdTableResults::default();
    let mut par = ParResults {
        par_score: [[0; 16]; 2],
        par_contracts_string: [[0; 128]; 2],
    };
    // SAFETY: `table` and `par` are valid and writable.
    let code = unsafe { dds::par::CalcParPBN(c_deal(ENDING), &mut table, 0, &mut par) };
    assert_eq!(code, RETURN_CARD_COUNT);
    // The table alone is solved.
    let mut table = DdTableResults::default();
    // SAFETY: as above.
    let code = unsafe { dds::table::CalcDDtablePBN(c_deal(ENDING), &mut table) };
    assert_eq!(code, RETURN_NO_FAULT);
    // CalcAllTablesPBN with par asked for (mode 0).
    let mut deals = DdTableDealsPbn {
        no_of_tables: 1,
        deals: [DdTableDealPbn { cards: [0; 80] }; MAXNOOFTABLES * DDS_STRAINS],
    };
    deals.deals[0] = c_deal(ENDING);
    let mut filter = [0i32; DDS_STRAINS];
    let mut res = DdTablesRes {
        no_of_boards: 0,
        results: [DdTableResults::default(); MAXNOOFTABLES * DDS_STRAINS],
    };
    let mut all_par = AllParResults {
        presults: [par; MAXNOOFTABLES],
    };
    // SAFETY: every pointer is to a valid, writable struct of dll.h's layout.
    let code = unsafe {
        dds::table::CalcAllTablesPBN(&mut deals, 0, filter.as_mut_ptr(), &mut res, &mut all_par)
    };
    assert_eq!(code, RETURN_CARD_COUNT);
    // Without par (mode -1), the ending's table.
    // SAFETY: as above.
    let code = unsafe {
        dds::table::CalcAllTablesPBN(&mut deals, -1, filter.as_mut_ptr(), &mut res, &mut all_par)
    };
    assert_eq!(code, RETURN_NO_FAULT);
}
