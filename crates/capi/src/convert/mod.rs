//! Every conversion between DDS's C structs and codes and ddsolve's types, in one module:
//! the entry points (`solve`, `table`, `par`, `play`, `batch`) depend on it, not on each
//! other (`batch` aside: its functions are batches of `solve`'s `SolveBoard`).
//!
//! - [`pbn`]: DDS's lenient PBN readers (a deal string into binary holdings, a play string
//!   into cards);
//! - [`position`]: a DDS `deal` into a checked [`Position`] (and a table's holdings into a
//!   [`Deal`]), with `SolveBoard`'s checks in DDS's order and DDS's codes;
//! - here: DDS's codes (seats, vulnerability, denominations, declarers), cards and play
//!   traces, `dealPBN` into `deal`, a card into `futureTricks`, DD tables both ways, par's
//!   answers in DDS's structs, and the counts of boards and tables checked against DDS's
//!   arrays.
//!
//! A code or count out of range is DDS's return code (`Err`), never a panic.

pub mod pbn;
pub mod position;

use crate::boundary::write_c_array;
use crate::ffi::*;
use crate::prelude::*;
use pbn::holdings_from_pbn;

/// A vulnerability code (0 none, 1 both, 2 NS, 3 EW), or `RETURN_UNKNOWN_FAULT`.
pub fn vulnerability(code: i32) -> Result<Vulnerability, i32> {
    usize::try_from(code)
        .ok()
        .and_then(Vulnerability::from_dds_index)
        .ok_or(RETURN_UNKNOWN_FAULT)
}

/// A seat code (0..=3 from North), or `RETURN_UNKNOWN_FAULT`.
pub fn seat(code: i32) -> Result<Seat, i32> {
    usize::try_from(code)
        .ok()
        .and_then(Seat::from_index)
        .ok_or(RETURN_UNKNOWN_FAULT)
}

/// DDS's denomination code of the binary par forms: 0 notrump, 1 spades .. 4 clubs.
pub fn denom(strain: Strain) -> i32 {
    match strain {
        Strain::NoTrump => 0,
        s => s.index() as i32 + 1,
    }
}

/// DDS's seats code: 0..=3 a seat, 4 NS, 5 EW.
pub fn seats(d: Declarers) -> i32 {
    match d {
        Declarers::Seat(s) => s.index() as i32,
        Declarers::Side(Side::NorthSouth) => 4,
        Declarers::Side(Side::EastWest) => 5,
    }
}

/// The card of a suit code (0..=3, spades first) and a rank (2..=14), or
/// `RETURN_PLAY_FAULT`.
pub fn card_of(suit: i32, rank: i32) -> Result<Card, i32> {
    let suit = usize::try_from(suit).ok().and_then(Suit::from_index);
    let rank = u8::try_from(rank).ok().and_then(Rank::new);
    match (suit, rank) {
        (Some(s), Some(r)) => Ok(Card::new(s, r)),
        _ => Err(RETURN_PLAY_FAULT),
    }
}

/// The cards of a binary play trace, or `RETURN_PLAY_FAULT` for a count outside 0..=52 or
/// a suit or rank out of range.
pub fn cards_of_bin(play: &PlayTraceBin) -> Result<Vec<Card>, i32> {
    let n = usize::try_from(play.number)
        .ok()
        .filter(|&n| n <= 52)
        .ok_or(RETURN_PLAY_FAULT)?;
    (0..n)
        .map(|i| card_of(play.suit[i], play.rank[i]))
        .collect()
}

/// DDS's `deal` of a `dealPBN`, or `RETURN_PBN_FAULT`.
pub fn deal_of_pbn(dl: &DealPbn) -> Result<DealBin, i32> {
    Ok(DealBin {
        trump: dl.trump,
        first: dl.first,
        current_trick_suit: dl.current_trick_suit,
        current_trick_rank: dl.current_trick_rank,
        remain_cards: holdings_from_pbn(&dl.remain_cards)?,
    })
}

/// Writes one card into `fut`'s slot `i`: its suit and rank codes, the other ranks of its
/// class (`equals`, rank r at bit r) and its score.
pub fn put_card(fut: &mut FutureTricks, i: usize, card: Card, equals: Holding, score: i32) {
    fut.suit[i] = card.suit().index() as i32;
    fut.rank[i] = i32::from(card.rank().get());
    fut.equals[i] = i32::from(equals.bits());
    fut.score[i] = score;
}

/// The DD table of a DDS table, or `RETURN_UNKNOWN_FAULT` for an entry outside 0..=13.
pub fn table_of(t: &DdTableResults) -> Result<DdTable, i32> {
    let mut tricks = [[0u8; 4]; 5];
    for (row, src) in tricks.iter_mut().zip(&t.res_table) {
        for (x, &v) in row.iter_mut().zip(src) {
            *x = u8::try_from(v)
                .ok()
                .filter(|&v| v <= 13)
                .ok_or(RETURN_UNKNOWN_FAULT)?;
        }
    }
    DdTable::new(tricks).map_err(|_| RETURN_UNKNOWN_FAULT)
}

/// A table in DDS's form, `res_table[strain][declarer]`.
pub fn results_of(table: &DdTable) -> DdTableResults {
    DdTableResults {
        res_table: table.as_array().map(|row| row.map(i32::from)),
    }
}

/// `Par`'s answer for a table and a vulnerability code.
pub fn par_results(t: &DdTableResults, vul: i32) -> Result<ParResults, i32> {
    let p = par(&table_of(t)?, vulnerability(vul)?);
    let [ns, ew, ns_contracts, ew_contracts] = p.dds_strings();
    let mut out = ParResults {
        par_score: [[0; 16]; 2],
        par_contracts_string: [[0; 128]; 2],
    };
    write_c_array(&mut out.par_score[0], &ns);
    write_c_array(&mut out.par_score[1], &ew);
    write_c_array(&mut out.par_contracts_string[0], &ns_contracts);
    write_c_array(&mut out.par_contracts_string[1], &ew_contracts);
    Ok(out)
}

/// `DealerPar`'s answer: the score and the contracts as text, `"pass"` when passed out.
pub fn dealer_results(p: &DealerPar) -> ParResultsDealer {
    let mut out = ParResultsDealer {
        number: 0,
        score: p.score,
        contracts: [[0; 10]; 10],
    };
    let texts: Vec<String> = if p.is_passed_out() {
        vec!["pass".to_string()]
    } else {
        p.contracts.iter().map(ParContract::dealer_text).collect()
    };
    out.number = texts.len().min(10) as i32;
    for (slot, text) in out.contracts.iter_mut().zip(&texts) {
        write_c_array(slot, text);
    }
    out
}

/// `DealerParBin`'s answer: the contracts sorted by denomination (NT, S, H, D, C), as DDS
/// sorts them; passed out is one empty contract and score 0.
pub fn dealer_master(p: &DealerPar) -> ParResultsMaster {
    let mut out = ParResultsMaster {
        score: p.score,
        ..ParResultsMaster::default()
    };
    if p.is_passed_out() {
        out.number = 1;
        out.score = 0;
        return out;
    }
    let mut contracts: Vec<&ParContract> = p.contracts.iter().collect();
    contracts.sort_by_key(|c| denom(c.strain));
    out.number = contracts.len().min(10) as i32;
    for (slot, c) in out.contracts.iter_mut().zip(contracts) {
        let (under, over) = match c.outcome {
            ParOutcome::Makes { overtricks } => (0, overtricks),
            ParOutcome::Sacrifice { undertricks } => (undertricks, 0),
        };
        *slot = ContractType {
            under_tricks: i32::from(under),
            over_tricks: i32::from(over),
            level: i32::from(c.level),
            denom: denom(c.strain),
            seats: seats(c.declarers),
        };
    }
    out
}

/// A board count checked against `MAXNOOFBOARDS` (a negative count is a general error).
pub fn board_count(n: i32) -> Result<usize, i32> {
    let n = usize::try_from(n).map_err(|_| RETURN_UNKNOWN_FAULT)?;
    if n > MAXNOOFBOARDS {
        return Err(RETURN_TOO_MANY_BOARDS);
    }
    Ok(n)
}

/// The number of tables, checked against the arrays' size.
pub fn table_count(n: i32) -> Result<usize, i32> {
    let n = usize::try_from(n).map_err(|_| RETURN_UNKNOWN_FAULT)?;
    if n > MAXNOOFTABLES * DDS_STRAINS {
        return Err(RETURN_TOO_MANY_TABLES);
    }
    Ok(n)
}
