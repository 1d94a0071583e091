//! Safe wrappers around the real DDS library (crates.io `dds-bridge-sys` 3.4.0,
//! which vendors upstream dds-bridge/dds "v3" develop @ b865077).
//!
//! The workspace denies `unsafe_code`; this module allows it because calling DDS is FFI. Every `unsafe` block carries a SAFETY
//! comment. The benches include this same file with `#[path]`, so there is one copy.
//!
//! Encodings are DDS's own:
//! - suit / strain: 0=S, 1=H, 2=D, 3=C, 4=NT
//! - hand: 0=N, 1=E, 2=S, 3=W
//! - rank: 2..=14 (14 = ace)
//! - `equals`: bitmask with bit `r` set for each lower rank `r` equivalent to
//!   the returned card (same layout DDS uses, e.g. 768 = bits 8,9).
//!
//! Self-contained: depends only on `dds-bridge-sys` and std.

// FFI into DDS needs `unsafe`, which the workspace denies everywhere else.
#![allow(unsafe_code)]
// Not every user of this file calls every wrapper (the benches use a subset).
#![allow(dead_code)]

use dds_bridge_sys as sys;
use std::ffi::c_char;

/// Configure DDS for single-threaded use and initialise its lookup tables.
///
/// In DDS 3 `SetMaxThreads(n)` ignores `n` and `SetResources` clamps the
/// internal thread count to 1, but the *per-call* worker cap is separate:
/// `CalcDDtable`/`CalcDDtablePBN` pass `maxThreads = 0` (= hardware
/// concurrency) and would fan the 5 strains out over a thread pool. `table()`
/// below therefore calls `CalcDDtablePBNN(.., 1)` to stay on the calling thread.
/// Call this once before anything else.
pub fn init_single_thread() {
    // SAFETY: plain FFI call, no pointers; (0 MB = no explicit cap, 1 thread).
    unsafe { sys::SetResources(0, 1) };
}

/// DDS error code -> message via `ErrorMessage`.
pub fn error_message(code: i32) -> String {
    let mut buf = [0 as c_char; 80];
    // SAFETY: ErrorMessage writes a NUL-terminated string into an 80-byte buffer.
    unsafe { sys::ErrorMessage(code, buf.as_mut_ptr()) };
    let bytes: Vec<u8> = buf
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    format!("DDS error {}: {}", code, String::from_utf8_lossy(&bytes))
}

fn pbn_buf(pbn_deal: &str) -> Result<[c_char; 80], String> {
    let b = pbn_deal.as_bytes();
    if b.len() >= 80 || b.contains(&0) {
        return Err(format!(
            "bad PBN deal string (len {}): {:?}",
            b.len(),
            pbn_deal
        ));
    }
    let mut out = [0 as c_char; 80];
    for (o, &c) in out.iter_mut().zip(b) {
        *o = c as c_char;
    }
    Ok(out)
}

/// Double-dummy table of a full PBN deal (e.g. `"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ..."`).
///
/// Returns tricks in DDS file order: index `strain * 4 + declarer`, strains
/// S,H,D,C,NT, declarers N,E,S,W. This is exactly the memory order of DDS's
/// `ddTableResults.resTable[strain][hand]`, where `hand` is the *declarer*
/// (DDS fills `res_table[strain][rho[leader]]`), and exactly the order of the
/// `TABLE` lines in DDS's hands/list*.txt.
pub fn table(pbn_deal: &str) -> Result<[u8; 20], String> {
    let deal = sys::DdTableDealPBN {
        cards: pbn_buf(pbn_deal)?,
    };
    let mut res = sys::DdTableResults::default();
    // SAFETY: `res` is a valid out-pointer for the duration of the call.
    let rc = unsafe { sys::CalcDDtablePBNN(deal, &mut res, 1) };
    if rc != sys::RETURN_NO_FAULT {
        return Err(error_message(rc));
    }
    let mut out = [0u8; 20];
    for strain in 0..5 {
        for hand in 0..4 {
            out[strain * 4 + hand] = res.res_table[strain][hand] as u8;
        }
    }
    Ok(out)
}

/// `SolveBoardPBN(target=-1, solutions=3, mode=1, threadIndex=0)`: score of
/// every legal card for the side to play.
///
/// - `trump`: 0..=3 = S,H,D,C, 4 = NT
/// - `first`: hand that led (or leads) the *current* trick, 0=N..3=W
/// - `played`: cards already played to the current trick, in order, as
///   `(suit, rank)`; at most 3. They must NOT be in `pbn_deal` (the remaining
///   cards). Maps to DDS's `currentTrickSuit`/`currentTrickRank`.
///
/// Returns `(suit, rank, equals, score)` per entry of `futureTricks`, in
/// DDS's order; `score` is tricks for the side to play from this trick on.
pub fn solve_board_all(
    pbn_deal: &str,
    trump: u8,
    first: u8,
    played: &[(u8, u8)],
) -> Result<Vec<(u8, u8, u16, i32)>, String> {
    if played.len() > 3 {
        return Err(format!("at most 3 played cards, got {}", played.len()));
    }
    let mut dl = sys::DealPBN {
        trump: trump as i32,
        first: first as i32,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: pbn_buf(pbn_deal)?,
    };
    for (i, &(s, r)) in played.iter().enumerate() {
        dl.currentTrickSuit[i] = s as i32;
        dl.currentTrickRank[i] = r as i32;
    }
    let mut fut = sys::FutureTricks::default();
    // SAFETY: `fut` is a valid out-pointer for the duration of the call.
    let rc = unsafe { sys::SolveBoardPBN(dl, -1, 3, 1, &mut fut, 0) };
    if rc != sys::RETURN_NO_FAULT {
        return Err(error_message(rc));
    }
    let n = fut.cards.clamp(0, 13) as usize;
    Ok((0..n)
        .map(|i| {
            (
                fut.suit[i] as u8,
                fut.rank[i] as u8,
                fut.equals[i] as u16,
                fut.score[i],
            )
        })
        .collect())
}

/// `SolveBoardPBN(target=-1, solutions=1, mode=1, threadIndex=0)` for a full deal: the
/// tricks of the side on lead and the search nodes DDS reports.
pub fn solve_board_nodes(pbn_deal: &str, trump: u8, first: u8) -> Result<(i32, i32), String> {
    let dl = sys::DealPBN {
        trump: trump as i32,
        first: first as i32,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: pbn_buf(pbn_deal)?,
    };
    let mut fut = sys::FutureTricks::default();
    // SAFETY: `fut` is a valid out-pointer for the duration of the call.
    let rc = unsafe { sys::SolveBoardPBN(dl, -1, 1, 1, &mut fut, 0) };
    if rc != sys::RETURN_NO_FAULT {
        return Err(error_message(rc));
    }
    Ok((fut.score[0], fut.nodes))
}

/// One strain of a DD table (DDS's `CalcAllTablesPBNN` with a trump filter, one thread):
/// the tricks of declarers N, E, S, W. `strain`: 0..=3 = S,H,D,C, 4 = NT.
pub fn table_strain(pbn_deal: &str, strain: usize) -> Result<[u8; 4], String> {
    let mut deals = sys::DdTableDealsPBN {
        no_of_tables: 1,
        deals: [sys::DdTableDealPBN { cards: [0; 80] }; 200],
    };
    deals.deals[0].cards = pbn_buf(pbn_deal)?;
    let mut filter = [1i32; 5];
    filter[strain] = 0;
    let mut res = Box::new(sys::DdTablesRes {
        no_of_boards: 0,
        results: [sys::DdTableResults::default(); 200],
    });
    // SAFETY: AllParResults holds only integers and C chars, for which zero is valid.
    let mut par = Box::new(unsafe { std::mem::zeroed::<sys::AllParResults>() });
    // SAFETY: all pointers are valid for the call; mode -1 computes no par.
    let rc =
        unsafe { sys::CalcAllTablesPBNN(&deals, -1, filter.as_ptr(), &mut *res, &mut *par, 1) };
    if rc != sys::RETURN_NO_FAULT {
        return Err(error_message(rc));
    }
    let mut out = [0u8; 4];
    for (h, o) in out.iter_mut().enumerate() {
        *o = res.results[0].res_table[strain][h] as u8;
    }
    Ok(out)
}
