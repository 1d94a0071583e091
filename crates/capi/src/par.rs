//! Par: `Par`, `CalcPar`, `CalcParPBN`, `DealerPar`, `DealerParBin`, `SidesPar`,
//! `SidesParBin`, `ConvertToDealerTextFormat`, `ConvertToSidesTextFormat`.
//!
//! The answers come from the par crate (`par`, `dealer_par`); this module puts them in DDS's
//! structs and text forms. Vulnerability is DDS's code (0 none, 1 both, 2 NS, 3 EW), seats
//! 0..=3 from North; a code out of range, or a table entry outside 0..=13, is
//! `RETURN_UNKNOWN_FAULT` (DDS does not check them).

use crate::boundary::{guard, write_c_array};
use crate::convert::pbn::holdings_from_pbn;
use crate::convert::{dealer_master, dealer_results, seat, table_of, vulnerability};
use crate::dd_table::calc_dd_table;
use crate::ffi::*;
use crate::prelude::*;
use std::ffi::c_char;

pub use crate::convert::par_results;

/// Reads a table pointer.
fn table_arg<'a>(tablep: *const DdTableResults) -> Result<&'a DdTableResults, i32> {
    // SAFETY: the caller passes null or a valid ddTableResults, read only here.
    unsafe { tablep.as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)
}

/// Writes `value` through `out`, or `RETURN_UNKNOWN_FAULT` if it is null.
fn write_out<T>(out: *mut T, value: T) -> Result<(), i32> {
    if out.is_null() {
        return Err(RETURN_UNKNOWN_FAULT);
    }
    // SAFETY: `out` is not null, and the caller passes a valid, writable, aligned T.
    unsafe { out.write(value) };
    Ok(())
}

/// `Par`: par scores and contracts from each side's view (`"NS -110"`, `"NS:EW 2S"`).
///
/// # Safety
/// `tablep` and `presp` are null (`RETURN_UNKNOWN_FAULT`) or valid.
#[no_mangle]
pub unsafe extern "C" fn Par(
    tablep: *mut DdTableResults,
    presp: *mut ParResults,
    vulnerable: i32,
) -> i32 {
    guard(|| write_out(presp, par_results(table_arg(tablep)?, vulnerable)?))
}

/// `CalcPar`: `CalcDDtable`, then `Par`; an ending (fewer than 13 cards a hand) gets its
/// table and `RETURN_CARD_COUNT`, where DDS would give a par of its fewer tricks.
///
/// # Safety
/// As [`Par()`].
#[no_mangle]
pub unsafe extern "C" fn CalcPar(
    table_deal: DdTableDeal,
    vulnerable: i32,
    tablep: *mut DdTableResults,
    presp: *mut ParResults,
) -> i32 {
    let r = guard(|| calc_dd_table(&table_deal.cards, tablep));
    if r != RETURN_NO_FAULT {
        return r;
    }
    // Par of an ending (its table was solved) is refused, as by every front end.
    let full = guard(|| {
        let deal = crate::convert::position::table_deal(&table_deal.cards)?;
        ddsolve::par::check_full_deal(&deal).map_err(|_| RETURN_CARD_COUNT)
    });
    if full != RETURN_NO_FAULT {
        return full;
    }
    // SAFETY: passed on under the caller's guarantees; `tablep` was just filled.
    unsafe { Par(tablep, presp, vulnerable) }
}

/// `CalcParPBN`: `CalcDDtablePBN`, then `Par`.
///
/// # Safety
/// As [`Par()`].
#[no_mangle]
pub unsafe extern "C" fn CalcParPBN(
    table_deal_pbn: DdTableDealPbn,
    tablep: *mut DdTableResults,
    vulnerable: i32,
    presp: *mut ParResults,
) -> i32 {
    let mut cards = [[0u32; 4]; 4];
    let r = guard(|| {
        cards = holdings_from_pbn(&table_deal_pbn.cards)?;
        Ok(())
    });
    if r != RETURN_NO_FAULT {
        return r;
    }
    // SAFETY: passed on under the caller's guarantees.
    unsafe { CalcPar(DdTableDeal { cards }, vulnerable, tablep, presp) }
}

/// Dealer par of a table for a dealer and vulnerability code.
fn dealer_par_of(t: &DdTableResults, dealer: i32, vul: i32) -> Result<DealerPar, i32> {
    Ok(dealer_par(
        &table_of(t)?,
        seat(dealer)?,
        vulnerability(vul)?,
    ))
}

/// `SidesParBin`'s answer, as DDS 2.9.0 computes it from `DealerParBin` with each of the
/// four seats dealing: index 0 North-South's view, 1 East-West's, each score from that
/// side's view. If a side's two dealers give different scores, the better one for the side
/// is taken whole; if the same, the contracts are merged strain by strain (the one at the
/// lower level for the side that scores plus, the higher for the side that scores minus, and
/// DDS's other rules, quirks included). A passed-out deal is one empty contract and score 0
/// for both.
fn sides_master(t: &DdTableResults, vul: i32) -> Result<[ParResultsMaster; 2], i32> {
    let mut p = [ParResultsMaster::default(); 4];
    for (dealer, slot) in p.iter_mut().enumerate() {
        *slot = dealer_master(&dealer_par_of(t, dealer as i32, vul)?);
    }
    let mut out = [ParResultsMaster::default(); 2];
    if p.iter().any(|r| r.score == 0) {
        for side in &mut out {
            side.number = 1;
        }
        return Ok(out);
    }
    // cross[dealer][denom]: the index of the dealer's contract in that denomination.
    let mut cross = [[None::<usize>; 5]; 4];
    for (h, r) in p.iter().enumerate() {
        for (k, c) in r.contracts[..r.number as usize].iter().enumerate() {
            if let Some(slot) = cross[h].get_mut(c.denom as usize) {
                *slot = Some(k);
            }
        }
    }
    for i in 0..2 {
        let (first, second) = (&p[i], &p[2 + i]);
        if first.score != second.score {
            let second_better = if i == 0 {
                second.score > first.score
            } else {
                second.score < first.score
            };
            let best = if second_better { second } else { first };
            out[i] = *best;
            if i == 1 {
                out[i].score = -best.score;
            }
            continue;
        }
        out[i].score = if i == 0 { first.score } else { -first.score };
        // The side's view scores plus (its sign in North-South terms).
        let plus = if i == 0 {
            first.score > 0
        } else {
            first.score < 0
        };
        let mut index = 0;
        for m in 0..5 {
            let (a, b) = (cross[2 + i][m], cross[i][m]);
            let other_side = |idx: usize| {
                let seats = first.contracts[idx.min(9)].seats;
                if i == 0 {
                    seats % 2 != 0
                } else {
                    seats % 2 == 0
                }
            };
            let pick = match (a, b) {
                (None, None) => continue,
                (None, Some(b)) => {
                    if other_side(index) {
                        continue;
                    }
                    first.contracts[b]
                }
                (Some(a), None) => {
                    if other_side(index) {
                        continue;
                    }
                    second.contracts[a]
                }
                (Some(a), Some(b)) => {
                    let (ca, cb) = (second.contracts[a], first.contracts[b]);
                    if ca.level == cb.level
                        || (plus && ca.level > cb.level)
                        || (!plus && ca.level < cb.level)
                    {
                        cb
                    } else {
                        ca
                    }
                }
            };
            out[i].contracts[index] = pick;
            index += 1;
        }
        out[i].number = index as i32;
    }
    Ok(out)
}

/// A binary par contract in `DealerPar`'s text form: `"4S*-NS-1"`, `"1N-EW+2"`.
fn dealer_text_of(c: &ContractType) -> String {
    let strain = ["N", "S", "H", "D", "C"]
        .get(c.denom as usize)
        .copied()
        .unwrap_or("?");
    let seats = ["N", "E", "S", "W", "NS", "EW"]
        .get(c.seats as usize)
        .copied()
        .unwrap_or("?");
    let mut s = format!("{}{strain}", c.level);
    if c.under_tricks > 0 {
        s.push('*');
    }
    s.push('-');
    s.push_str(seats);
    if c.under_tricks > 0 {
        s.push_str(&format!("-{}", c.under_tricks));
    } else if c.over_tricks > 0 {
        s.push_str(&format!("+{}", c.over_tricks));
    }
    s
}

/// `SidesPar`'s answer for one side: `SidesParBin`'s in text form, `"pass"` when passed out.
fn sides_text(m: &ParResultsMaster) -> ParResultsDealer {
    let mut out = ParResultsDealer {
        number: m.number,
        score: m.score,
        contracts: [[0; 10]; 10],
    };
    let n = usize::try_from(m.number).unwrap_or(0).min(10);
    if m.score == 0 {
        write_c_array(&mut out.contracts[0], "pass");
        return out;
    }
    for (slot, c) in out.contracts.iter_mut().zip(&m.contracts[..n]) {
        write_c_array(slot, &dealer_text_of(c));
    }
    out
}

/// `DealerPar`: par with `dealer` dealing (0 = North), the score North-South's.
///
/// # Safety
/// `tablep` and `presp` are null (`RETURN_UNKNOWN_FAULT`) or valid.
#[no_mangle]
pub unsafe extern "C" fn DealerPar(
    tablep: *mut DdTableResults,
    presp: *mut ParResultsDealer,
    dealer: i32,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let p = dealer_par_of(table_arg(tablep)?, dealer, vulnerable)?;
        write_out(presp, dealer_results(&p))
    })
}

/// `DealerParBin`: `DealerPar` in binary form.
///
/// # Safety
/// As [`DealerPar()`].
#[no_mangle]
pub unsafe extern "C" fn DealerParBin(
    tablep: *mut DdTableResults,
    presp: *mut ParResultsMaster,
    dealer: i32,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let p = dealer_par_of(table_arg(tablep)?, dealer, vulnerable)?;
        write_out(presp, dealer_master(&p))
    })
}

/// `SidesPar`: par for each side (index 0 NS, 1 EW) as dealer, each side's score from its
/// own view: `SidesParBin`'s answer as text, the contracts in the order NT, S, H, D, C.
///
/// # Safety
/// `tablep` is null (`RETURN_UNKNOWN_FAULT`) or valid; `sides_res` is null or points to 2
/// writable `parResultsDealer`.
#[no_mangle]
pub unsafe extern "C" fn SidesPar(
    tablep: *mut DdTableResults,
    sides_res: *mut ParResultsDealer,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let [ns, ew] = sides_master(table_arg(tablep)?, vulnerable)?;
        write_out(
            sides_res.cast::<[ParResultsDealer; 2]>(),
            [sides_text(&ns), sides_text(&ew)],
        )
    })
}

/// `SidesParBin`: `SidesPar` in binary form.
///
/// # Safety
/// As [`SidesPar()`], with 2 `parResultsMaster`.
#[no_mangle]
pub unsafe extern "C" fn SidesParBin(
    tablep: *mut DdTableResults,
    sides_res: *mut ParResultsMaster,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let sides = sides_master(table_arg(tablep)?, vulnerable)?;
        write_out(sides_res.cast::<[ParResultsMaster; 2]>(), sides)
    })
}

/// The most a par score can be either way: seven notrump redoubled, vulnerable, thirteen
/// down (no bridge score is larger).
const MAX_SCORE: i32 = 7600;

/// The room DDS's `ConvertToDealerTextFormat` needs at most for its text and NUL (11
/// characters and 12 per contract); ddsolve's text of checked input is shorter.
pub const DEALER_TEXT_ROOM: usize = 11 + 12 * 10;

/// One contract of the binary form as `ConvertTo*TextFormat` print it: `"EW 2S"`,
/// `"NS 4Hx-1"`, `"N 3N+1"` (`nt` is the notrump letters, `N` or `NT`). A contract that
/// cannot be (seats beyond 0..=5, denomination beyond 0..=4, level beyond 1..=7,
/// undertricks beyond the level's 7..=13 tricks, overtricks beyond 13 tricks, or both) is
/// `RETURN_UNKNOWN_FAULT`.
fn contract_text(c: &ContractType, nt: &str) -> Result<String, i32> {
    let who = ["N", "E", "S", "W", "NS", "EW"]
        .get(usize::try_from(c.seats).map_err(|_| RETURN_UNKNOWN_FAULT)?)
        .ok_or(RETURN_UNKNOWN_FAULT)?;
    let strains = [nt, "S", "H", "D", "C"];
    let strain = strains
        .get(usize::try_from(c.denom).map_err(|_| RETURN_UNKNOWN_FAULT)?)
        .ok_or(RETURN_UNKNOWN_FAULT)?;
    if !(1..=7).contains(&c.level)
        || !(0..=6 + c.level).contains(&c.under_tricks)
        || !(0..=7 - c.level).contains(&c.over_tricks)
        || (c.under_tricks > 0 && c.over_tricks > 0)
    {
        return Err(RETURN_UNKNOWN_FAULT);
    }
    let mut s = format!("{who} {}{strain}", c.level);
    if c.under_tricks > 0 {
        s.push_str(&format!("x-{}", c.under_tricks));
    } else if c.over_tricks > 0 {
        s.push_str(&format!("+{}", c.over_tricks));
    }
    Ok(s)
}

/// `"Par 110: NS 2S EW 3D"`: the score and the contracts; a count beyond 0..=10 or a score
/// no bridge deal can give is `RETURN_UNKNOWN_FAULT`, as is any contract
/// [`contract_text`] refuses.
fn master_text(p: &ParResultsMaster, nt: &str) -> Result<String, i32> {
    let n = usize::try_from(p.number)
        .ok()
        .filter(|&n| n <= p.contracts.len())
        .ok_or(RETURN_UNKNOWN_FAULT)?;
    if !(-MAX_SCORE..=MAX_SCORE).contains(&p.score) {
        return Err(RETURN_UNKNOWN_FAULT);
    }
    // A passed-out deal: score 0 and DealerParBin's one empty contract, printed as DDS does.
    let passed_out = |c: &ContractType| p.score == 0 && *c == ContractType::default();
    let list: Vec<String> = p.contracts[..n]
        .iter()
        .map(|c| {
            if passed_out(c) {
                Ok(format!("N 0{nt}"))
            } else {
                contract_text(c, nt)
            }
        })
        .collect::<Result<_, _>>()?;
    Ok(format!("Par {}: {}", p.score, list.join(" ")))
}

/// `ConvertToDealerTextFormat`: `DealerParBin`'s answer as text, `"Par -110: EW 2S"`.
///
/// Input that no par calculation gives (a level outside 1-7, undertricks outside 0-13, a
/// score or count out of range) is `RETURN_UNKNOWN_FAULT` with nothing written; the text and
/// its NUL never take more than [`DEALER_TEXT_ROOM`] bytes, the most DDS's own text takes.
///
/// # Safety
/// `pres` is null (`RETURN_UNKNOWN_FAULT`) or valid; `resp` is null (`RETURN_UNKNOWN_FAULT`)
/// or points to [`DEALER_TEXT_ROOM`] writable bytes, as with DDS.
#[no_mangle]
pub unsafe extern "C" fn ConvertToDealerTextFormat(
    pres: *mut ParResultsMaster,
    resp: *mut c_char,
) -> i32 {
    guard(|| {
        // SAFETY: the caller passes null or a valid parResultsMaster, read only.
        let p = unsafe { pres.as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        if resp.is_null() {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        let text = master_text(p, "N")?;
        let bytes = text.as_bytes();
        if bytes.len() + 1 > DEALER_TEXT_ROOM {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        // SAFETY: `resp` is not null and has room for DEALER_TEXT_ROOM bytes (the caller's
        // guarantee, as with DDS), which hold the text and its NUL (checked above).
        let out = unsafe { std::slice::from_raw_parts_mut(resp, bytes.len() + 1) };
        for (d, &b) in out.iter_mut().zip(bytes) {
            *d = b as c_char;
        }
        out[bytes.len()] = 0;
        Ok(())
    })
}

/// `ConvertToSidesTextFormat`: `SidesParBin`'s two answers as text (notrump as `NT`), and
/// whether they are the same; `"Par 0"` alone when the first score is 0. Input that no
/// par calculation gives is `RETURN_UNKNOWN_FAULT`, with `resp` left as it was.
///
/// # Safety
/// `pres` is null (`RETURN_UNKNOWN_FAULT`) or points to 2 valid `parResultsMaster`;
/// `resp` is null or valid.
#[no_mangle]
pub unsafe extern "C" fn ConvertToSidesTextFormat(
    pres: *mut ParResultsMaster,
    resp: *mut ParTextResults,
) -> i32 {
    guard(|| {
        // SAFETY: the caller passes null or 2 valid parResultsMaster, read only.
        let p =
            unsafe { pres.cast::<[ParResultsMaster; 2]>().as_ref() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        // SAFETY: the caller passes null or a valid, writable parTextResults.
        let out = unsafe { resp.as_mut() }.ok_or(RETURN_UNKNOWN_FAULT)?;
        if p[0].score == 0 {
            out.par_text = [[0; 128]; 2];
            write_c_array(&mut out.par_text[0], "Par 0");
            return Ok(());
        }
        let (ns, ew) = (master_text(&p[0], "NT")?, master_text(&p[1], "NT")?);
        if ns.len().max(ew.len()) >= out.par_text[0].len() {
            return Err(RETURN_UNKNOWN_FAULT);
        }
        out.par_text = [[0; 128]; 2];
        write_c_array(&mut out.par_text[0], &ns);
        write_c_array(&mut out.par_text[1], &ew);
        let n = usize::try_from(p[0].number).unwrap_or(0).min(10);
        out.equal = p[0].score == -p[1].score
            && p[0].number == p[1].number
            && p[0].contracts[..n] == p[1].contracts[..n];
        Ok(())
    })
}
