//! Double-dummy tables: `CalcDDtable`, `CalcDDtablePBN`, `CalcAllTables` (with DDS's
//! strain filter and optional par) and `CalcAllTablesPBN`.
//!
//! Every table runs on the threads of `SetMaxThreads`, as DDS's do, one solver per thread,
//! with the strains as the tasks, so that one deal, or the last deals of a batch, keep every
//! thread busy: `CalcDDtable` shares its deal's strains between the calling thread (with
//! its own solver, as `SolveBoard`'s) and helper threads (calls made at once share the
//! setting's threads; `CalcPar` solves its table the same way); `CalcAllTables` runs all
//! five strains through `solve_tables_by` (strain tasks when on more than one thread), a
//! filtered set of strains as (deal, strain) items on the exec crate's pool.

use crate::boundary::guard;
use crate::convert::pbn::holdings_from_pbn;
use crate::convert::position::table_deal;
use crate::convert::{par_results, results_of, table_count};
use crate::dd_table::calc_dd_table;
use crate::ffi::*;
use crate::prelude::*;
use crate::threads::workers;
use ddsolve::par::check_full_deal;

/// `CalcDDtable`: the double-dummy table of a deal (tricks per strain and declarer), its
/// strains shared out among the threads of `SetMaxThreads`.
///
/// # Safety
/// `tablep` is null (`RETURN_UNKNOWN_FAULT`) or points to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtable(table_deal: DdTableDeal, tablep: *mut DdTableResults) -> i32 {
    guard(|| calc_dd_table(&table_deal.cards, tablep))
}

/// `CalcDDtablePBN`: `CalcDDtable` of a PBN deal.
///
/// # Safety
/// As [`CalcDDtable`].
#[no_mangle]
pub unsafe extern "C" fn CalcDDtablePBN(
    table_deal_pbn: DdTableDealPbn,
    tablep: *mut DdTableResults,
) -> i32 {
    guard(|| calc_dd_table(&holdings_from_pbn(&table_deal_pbn.cards)?, tablep))
}

/// The tables of `deals` in the strains the filter keeps (`filter[strain]` 0 = keep), as
/// DDS's `CalcAllTables` fills them: other strains' rows are left as they were.
fn solve_all(deals: &[Deal], keep: &[Strain], results: &mut [DdTableResults]) -> Result<(), i32> {
    if keep.len() == 5 {
        let options = BatchOptions {
            threads: workers(deals.len() * DDS_STRAINS),
            ..BatchOptions::default()
        };
        let tables = solve_tables_by(deals, &options, Solver::new);
        for (r, t) in results.iter_mut().zip(&tables) {
            *r = results_of(t);
        }
        return Ok(());
    }
    let items: Vec<(usize, Strain)> = (0..deals.len())
        .flat_map(|d| keep.iter().map(move |&s| (d, s)))
        .collect();
    let rows = map_in_order(
        workers(items.len()),
        &items,
        Solver::new,
        |solver, &(d, strain)| solver.strain_tricks(&deals[d], strain),
    );
    for (&(d, strain), tricks) in items.iter().zip(rows) {
        results[d].res_table[strain.index()] = tricks.map(i32::from);
    }
    Ok(())
}

/// `CalcAllTables`' body on binary deals.
fn calc_all(
    deals: &[DdTableDeal],
    mode: i32,
    trump_filter: *const i32,
    resp: *mut DdTablesRes,
    presp: *mut AllParResults,
) -> Result<(), i32> {
    if trump_filter.is_null() || resp.is_null() {
        return Err(RETURN_UNKNOWN_FAULT);
    }
    // SAFETY: `trump_filter` is not null and points to DDS_STRAINS ints (dll.h's
    // `int trumpFilter[DDS_STRAINS]`).
    let filter = unsafe { std::slice::from_raw_parts(trump_filter, DDS_STRAINS) };
    let keep: Vec<Strain> = Strain::ALL
        .into_iter()
        .filter(|s| filter[s.index()] == 0)
        .collect();
    if keep.is_empty() {
        return Err(RETURN_NO_SUIT);
    }
    if keep.len() * deals.len() > MAXNOOFTABLES * DDS_STRAINS {
        return Err(RETURN_TOO_MANY_TABLES);
    }
    let with_par = (0..4).contains(&mode) && keep.len() == 5;
    if with_par && presp.is_null() {
        return Err(RETURN_UNKNOWN_FAULT);
    }
    let checked: Vec<Deal> = deals
        .iter()
        .map(|d| table_deal(&d.cards))
        .collect::<Result<_, _>>()?;
    if with_par && checked.iter().any(|d| check_full_deal(d).is_err()) {
        // Par of an ending is refused, as by every front end.
        return Err(RETURN_CARD_COUNT);
    }
    // SAFETY: `resp` is not null, and the caller passes a valid, writable ddTablesRes; no
    // other reference to it exists during the call.
    let resp = unsafe { &mut *resp };
    solve_all(&checked, &keep, &mut resp.results[..deals.len()])?;
    resp.no_of_boards = (4 * keep.len() * deals.len()) as i32;
    if with_par {
        // SAFETY: `presp` is not null (checked above), and the caller passes a valid,
        // writable allParResults.
        let presp = unsafe { &mut *presp };
        for (k, r) in resp.results[..deals.len()].iter().enumerate() {
            presp.presults[k] = par_results(r, mode)?;
        }
    }
    Ok(())
}

/// `CalcAllTables`: the tables of `dealsp`'s deals in the strains `trumpFilter` keeps (an
/// entry 0 keeps its strain, S, H, D, C, NT), then, if all five are kept and `mode` is a
/// vulnerability (0 none, 1 both, 2 NS, 3 EW; -1 for none), `Par` of each into `presp`.
///
/// # Safety
/// `dealsp`, `resp` and (when par is asked for) `presp` are null (`RETURN_UNKNOWN_FAULT`)
/// or point to valid structs of their types; `trumpFilter` to 5 ints.
#[no_mangle]
pub unsafe extern "C" fn CalcAllTables(
    dealsp: *mut DdTableDeals,
    mode: i32,
    trump_filter: *mut i32,
    resp: *mut DdTablesRes,
    presp: *mut AllParResults,
) -> i32 {
    guard(|| {
        // SAFETY: null or a valid ddTableDeals, read only.
        let deals = unsafe { dealsp.as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        let n = table_count(deals.no_of_tables)?;
        calc_all(&deals.deals[..n], mode, trump_filter, resp, presp)
    })
}

/// `CalcAllTablesPBN`: `CalcAllTables` with PBN deals.
///
/// # Safety
/// As [`CalcAllTables`].
#[no_mangle]
pub unsafe extern "C" fn CalcAllTablesPBN(
    dealsp: *mut DdTableDealsPbn,
    mode: i32,
    trump_filter: *mut i32,
    resp: *mut DdTablesRes,
    presp: *mut AllParResults,
) -> i32 {
    guard(|| {
        // SAFETY: null or a valid ddTableDealsPBN, read only.
        let deals = unsafe { dealsp.as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        let n = table_count(deals.no_of_tables)?;
        let bin: Vec<DdTableDeal> = deals.deals[..n]
            .iter()
            .map(|d| holdings_from_pbn(&d.cards).map(|cards| DdTableDeal { cards }))
            .collect::<Result<_, _>>()?;
        calc_all(&bin, mode, trump_filter, resp, presp)
    })
}
