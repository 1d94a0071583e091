//! The structs' layout: sizes and offsets of every struct and field of `dll.h`, and the
//! constants, the same in DDS's header (Debian's libdds-dev), in ours, and in the Rust
//! structs the library reads and writes.

mod common;

use common::{run, CBuild, Header};
use dds::ffi::*;
use std::mem::{offset_of, size_of};

/// The size of a field, through an accessor.
fn field_size<T, F>(_: impl Fn(&T) -> &F) -> usize {
    size_of::<F>()
}

macro_rules! layout {
    ($out:ident, $c:literal, $t:ty, [$($cf:literal => $f:ident),* $(,)?]) => {
        $out.push(format!("{} {}", $c, size_of::<$t>()));
        $(
            $out.push(format!(
                "{}.{} {} {}",
                $c,
                $cf,
                offset_of!($t, $f),
                field_size(|s: &$t| &s.$f)
            ));
        )*
    };
}

macro_rules! constants {
    ($out:ident, [$($c:ident),* $(,)?]) => {
        $( $out.push(format!("{} {}", stringify!($c), $c)); )*
    };
}

/// The lines `tests/c/layout.c` prints, from the Rust side.
fn rust_layout() -> String {
    let mut out: Vec<String> = Vec::new();
    layout!(out, "futureTricks", FutureTricks, ["nodes" => nodes, "cards" => cards,
        "suit" => suit, "rank" => rank, "equals" => equals, "score" => score]);
    layout!(out, "deal", DealBin, ["trump" => trump, "first" => first,
        "currentTrickSuit" => current_trick_suit, "currentTrickRank" => current_trick_rank,
        "remainCards" => remain_cards]);
    layout!(out, "dealPBN", DealPbn, ["trump" => trump, "first" => first,
        "currentTrickSuit" => current_trick_suit, "currentTrickRank" => current_trick_rank,
        "remainCards" => remain_cards]);
    layout!(out, "boards", Boards, ["noOfBoards" => no_of_boards, "deals" => deals,
        "target" => target, "solutions" => solutions, "mode" => mode]);
    layout!(out, "boardsPBN", BoardsPbn, ["noOfBoards" => no_of_boards, "deals" => deals,
        "target" => target, "solutions" => solutions, "mode" => mode]);
    layout!(out, "solvedBoards", SolvedBoards, ["noOfBoards" => no_of_boards,
        "solvedBoard" => solved_board]);
    layout!(out, "ddTableDeal", DdTableDeal, ["cards" => cards]);
    layout!(out, "ddTableDeals", DdTableDeals, ["noOfTables" => no_of_tables, "deals" => deals]);
    layout!(out, "ddTableDealPBN", DdTableDealPbn, ["cards" => cards]);
    layout!(out, "ddTableDealsPBN", DdTableDealsPbn, ["noOfTables" => no_of_tables,
        "deals" => deals]);
    layout!(out, "ddTableResults", DdTableResults, ["resTable" => res_table]);
    layout!(out, "ddTablesRes", DdTablesRes, ["noOfBoards" => no_of_boards,
        "results" => results]);
    layout!(out, "parResults", ParResults, ["parScore" => par_score,
        "parContractsString" => par_contracts_string]);
    layout!(out, "allParResults", AllParResults, ["presults" => presults]);
    layout!(out, "parResultsDealer", ParResultsDealer, ["number" => number, "score" => score,
        "contracts" => contracts]);
    layout!(out, "contractType", ContractType, ["underTricks" => under_tricks,
        "overTricks" => over_tricks, "level" => level, "denom" => denom, "seats" => seats]);
    layout!(out, "parResultsMaster", ParResultsMaster, ["score" => score, "number" => number,
        "contracts" => contracts]);
    layout!(out, "parTextResults", ParTextResults, ["parText" => par_text, "equal" => equal]);
    layout!(out, "playTraceBin", PlayTraceBin, ["number" => number, "suit" => suit,
        "rank" => rank]);
    layout!(out, "playTracePBN", PlayTracePbn, ["number" => number, "cards" => cards]);
    layout!(out, "solvedPlay", SolvedPlay, ["number" => number, "tricks" => tricks]);
    layout!(out, "playTracesBin", PlayTracesBin, ["noOfBoards" => no_of_boards,
        "plays" => plays]);
    layout!(out, "playTracesPBN", PlayTracesPbn, ["noOfBoards" => no_of_boards,
        "plays" => plays]);
    layout!(out, "solvedPlays", SolvedPlays, ["noOfBoards" => no_of_boards,
        "solved" => solved]);
    layout!(out, "DDSInfo", DdsInfo, ["major" => major, "minor" => minor, "patch" => patch,
        "versionString" => version_string, "system" => system, "numBits" => num_bits,
        "compiler" => compiler, "constructor" => constructor, "numCores" => num_cores,
        "threading" => threading, "noOfThreads" => no_of_threads,
        "threadSizes" => thread_sizes, "systemString" => system_string]);
    constants!(
        out,
        [
            DDS_VERSION,
            DDS_HANDS,
            DDS_SUITS,
            DDS_STRAINS,
            MAXNOOFBOARDS,
            MAXNOOFTABLES,
            RETURN_NO_FAULT,
            RETURN_UNKNOWN_FAULT,
            RETURN_ZERO_CARDS,
            RETURN_TARGET_TOO_HIGH,
            RETURN_DUPLICATE_CARDS,
            RETURN_TARGET_WRONG_LO,
            RETURN_TARGET_WRONG_HI,
            RETURN_SOLNS_WRONG_LO,
            RETURN_SOLNS_WRONG_HI,
            RETURN_TOO_MANY_CARDS,
            RETURN_SUIT_OR_RANK,
            RETURN_PLAYED_CARD,
            RETURN_CARD_COUNT,
            RETURN_THREAD_INDEX,
            RETURN_MODE_WRONG_LO,
            RETURN_MODE_WRONG_HI,
            RETURN_TRUMP_WRONG,
            RETURN_FIRST_WRONG,
            RETURN_PLAY_FAULT,
            RETURN_PBN_FAULT,
            RETURN_TOO_MANY_BOARDS,
            RETURN_THREAD_CREATE,
            RETURN_THREAD_WAIT,
            RETURN_THREAD_MISSING,
            RETURN_NO_SUIT,
            RETURN_TOO_MANY_TABLES,
            RETURN_CHUNK_SIZE
        ]
    );
    out.join("\n") + "\n"
}

#[test]
fn dds_header_ours_and_the_rust_structs_agree() {
    let build = CBuild::new();
    let dds = run(&build.compile("layout.c", Header::Dds, "layout-dds"), &[]);
    let ours = run(&build.compile("layout.c", Header::Ours, "layout-ours"), &[]);
    // Every struct and field is there (25 structs, 79 fields, 33 constants).
    assert_eq!(dds.lines().count(), 25 + 79 + 33, "{dds}");
    assert_eq!(ours, dds, "ddsolve's dll.h differs from DDS's");
    assert_eq!(rust_layout(), dds, "the Rust structs differ from dll.h");
}
