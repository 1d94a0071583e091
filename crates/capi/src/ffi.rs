//! DDS 2.9.0's C types and constants (`dll.h`), laid out as C lays them out (`#[repr(C)]`).
//!
//! Names follow the header's (`futureTricks` is [`FutureTricks`], `remainCards` is
//! `remain_cards`); `crates/capi/tests/layout.rs` checks every size and offset against
//! Debian's `/usr/include/dds/dll.h` and ours.

use std::ffi::c_char;

/// The API version the library implements: DDS 2.9.0.
pub const DDS_VERSION: i32 = 20900;
/// Hands at the table.
pub const DDS_HANDS: usize = 4;
/// Suits of the pack.
pub const DDS_SUITS: usize = 4;
/// Strains: four suits and notrump.
pub const DDS_STRAINS: usize = 5;
/// The most boards one batch call takes.
pub const MAXNOOFBOARDS: usize = 200;
/// The most tables `CalcAllTables` takes with all five strains.
pub const MAXNOOFTABLES: usize = 40;

/// Success.
pub const RETURN_NO_FAULT: i32 = 1;
/// A general error (and a panic caught at the boundary).
pub const RETURN_UNKNOWN_FAULT: i32 = -1;
/// No cards in the deal.
pub const RETURN_ZERO_CARDS: i32 = -2;
/// The target exceeds the tricks left.
pub const RETURN_TARGET_TOO_HIGH: i32 = -3;
/// A card held twice.
pub const RETURN_DUPLICATE_CARDS: i32 = -4;
/// The target is less than -1.
pub const RETURN_TARGET_WRONG_LO: i32 = -5;
/// The target is higher than 13.
pub const RETURN_TARGET_WRONG_HI: i32 = -7;
/// `solutions` is less than 1.
pub const RETURN_SOLNS_WRONG_LO: i32 = -8;
/// `solutions` is higher than 3.
pub const RETURN_SOLNS_WRONG_HI: i32 = -9;
/// More than 52 cards.
pub const RETURN_TOO_MANY_CARDS: i32 = -10;
/// A bad suit or rank in the current trick, or bits outside the ranks in a holding.
pub const RETURN_SUIT_OR_RANK: i32 = -12;
/// A card of the current trick is still in a hand.
pub const RETURN_PLAYED_CARD: i32 = -13;
/// The hands hold numbers of cards that do not fit.
pub const RETURN_CARD_COUNT: i32 = -14;
/// The thread index is out of range.
pub const RETURN_THREAD_INDEX: i32 = -15;
/// `mode` is less than 0.
pub const RETURN_MODE_WRONG_LO: i32 = -16;
/// `mode` is higher than 2.
pub const RETURN_MODE_WRONG_HI: i32 = -17;
/// `trump` is not in 0..=4.
pub const RETURN_TRUMP_WRONG: i32 = -18;
/// `first` is not in 0..=3.
pub const RETURN_FIRST_WRONG: i32 = -19;
/// A bad play trace (AnalysePlay*).
pub const RETURN_PLAY_FAULT: i32 = -98;
/// A bad PBN string.
pub const RETURN_PBN_FAULT: i32 = -99;
/// More boards than [`MAXNOOFBOARDS`].
pub const RETURN_TOO_MANY_BOARDS: i32 = -101;
/// Threads could not be created.
pub const RETURN_THREAD_CREATE: i32 = -102;
/// Waiting for the threads failed.
pub const RETURN_THREAD_WAIT: i32 = -103;
/// The threading system asked for is not there.
pub const RETURN_THREAD_MISSING: i32 = -104;
/// The strain filter of `CalcAllTables` leaves no strain.
pub const RETURN_NO_SUIT: i32 = -201;
/// Too many tables for `CalcAllTables`.
pub const RETURN_TOO_MANY_TABLES: i32 = -202;
/// A chunk size below 1.
pub const RETURN_CHUNK_SIZE: i32 = -301;

/// `struct futureTricks`: the answer of `SolveBoard`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FutureTricks {
    /// Search nodes.
    pub nodes: i32,
    /// Cards in the answer.
    pub cards: i32,
    /// Suit of each card (0 = spades .. 3 = clubs).
    pub suit: [i32; 13],
    /// Rank of each card (2..=14).
    pub rank: [i32; 13],
    /// Lower ranks equivalent to each card, as a holding (rank r at bit r).
    pub equals: [i32; 13],
    /// Tricks for the side to play with each card.
    pub score: [i32; 13],
}

/// `struct deal`: a position in binary form.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealBin {
    /// Trump strain (0 = spades .. 3 = clubs, 4 = notrump).
    pub trump: i32,
    /// The leader of the current trick (0 = North .. 3 = West).
    pub first: i32,
    /// Suits of the cards played to the current trick.
    pub current_trick_suit: [i32; 3],
    /// Ranks of the cards played to the current trick (0 = none).
    pub current_trick_rank: [i32; 3],
    /// Cards not yet played: `remain_cards[hand][suit]`, rank r at bit r.
    pub remain_cards: [[u32; DDS_SUITS]; DDS_HANDS],
}

/// `struct dealPBN`: a position with its cards as a PBN string.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealPbn {
    /// Trump strain.
    pub trump: i32,
    /// The leader of the current trick.
    pub first: i32,
    /// Suits of the cards played to the current trick.
    pub current_trick_suit: [i32; 3],
    /// Ranks of the cards played to the current trick.
    pub current_trick_rank: [i32; 3],
    /// The cards not yet played, `"N:AKQ... ..."`, NUL-terminated.
    pub remain_cards: [c_char; 80],
}

/// `struct boards`: a batch of positions for `SolveAllChunksBin`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Boards {
    /// Boards used.
    pub no_of_boards: i32,
    /// The positions.
    pub deals: [DealBin; MAXNOOFBOARDS],
    /// `SolveBoard`'s target per board.
    pub target: [i32; MAXNOOFBOARDS],
    /// `SolveBoard`'s solutions per board.
    pub solutions: [i32; MAXNOOFBOARDS],
    /// `SolveBoard`'s mode per board.
    pub mode: [i32; MAXNOOFBOARDS],
}

/// `struct boardsPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct BoardsPbn {
    /// Boards used.
    pub no_of_boards: i32,
    /// The positions.
    pub deals: [DealPbn; MAXNOOFBOARDS],
    /// `SolveBoard`'s target per board.
    pub target: [i32; MAXNOOFBOARDS],
    /// `SolveBoard`'s solutions per board.
    pub solutions: [i32; MAXNOOFBOARDS],
    /// `SolveBoard`'s mode per board.
    pub mode: [i32; MAXNOOFBOARDS],
}

/// `struct solvedBoards`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SolvedBoards {
    /// Boards answered.
    pub no_of_boards: i32,
    /// The answers.
    pub solved_board: [FutureTricks; MAXNOOFBOARDS],
}

/// `struct ddTableDeal`: a deal for a table.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DdTableDeal {
    /// `cards[hand][suit]`, rank r at bit r.
    pub cards: [[u32; DDS_SUITS]; DDS_HANDS],
}

/// `struct ddTableDeals`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DdTableDeals {
    /// Tables used.
    pub no_of_tables: i32,
    /// The deals.
    pub deals: [DdTableDeal; MAXNOOFTABLES * DDS_STRAINS],
}

/// `struct ddTableDealPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdTableDealPbn {
    /// The deal as a PBN string, NUL-terminated.
    pub cards: [c_char; 80],
}

/// `struct ddTableDealsPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DdTableDealsPbn {
    /// Tables used.
    pub no_of_tables: i32,
    /// The deals.
    pub deals: [DdTableDealPbn; MAXNOOFTABLES * DDS_STRAINS],
}

/// `struct ddTableResults`: `res_table[strain][declarer]`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DdTableResults {
    /// Tricks per strain (S, H, D, C, NT) and declarer (N, E, S, W).
    pub res_table: [[i32; DDS_HANDS]; DDS_STRAINS],
}

/// `struct ddTablesRes`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DdTablesRes {
    /// Boards solved: 4 per strain per table.
    pub no_of_boards: i32,
    /// The tables.
    pub results: [DdTableResults; MAXNOOFTABLES * DDS_STRAINS],
}

/// `struct parResults`: `Par`'s text, index 0 North-South's view, 1 East-West's.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParResults {
    /// `"NS -110"`, `"EW 110"`.
    pub par_score: [[c_char; 16]; 2],
    /// `"NS:EW 2S"`, `"EW:EW 2S"`.
    pub par_contracts_string: [[c_char; 128]; 2],
}

/// `struct allParResults`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AllParResults {
    /// One per table.
    pub presults: [ParResults; MAXNOOFTABLES],
}

/// `struct parResultsDealer`: `DealerPar`'s and `SidesPar`'s answer.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParResultsDealer {
    /// Contracts.
    pub number: i32,
    /// The par score.
    pub score: i32,
    /// `"2S-EW"`, `"4S*-NS-1"`, `"pass"`.
    pub contracts: [[c_char; 10]; 10],
}

/// `struct contractType`: a par contract in binary form.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContractType {
    /// 0 for a making contract, else the undertricks of a sacrifice.
    pub under_tricks: i32,
    /// Overtricks of a making contract.
    pub over_tricks: i32,
    /// 1..=7.
    pub level: i32,
    /// 0 = notrump, 1 = spades, 2 = hearts, 3 = diamonds, 4 = clubs.
    pub denom: i32,
    /// 0..=3 a seat, 4 = NS, 5 = EW.
    pub seats: i32,
}

/// `struct parResultsMaster`: `DealerParBin`'s and `SidesParBin`'s answer.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParResultsMaster {
    /// The score, North-South's view.
    pub score: i32,
    /// Contracts.
    pub number: i32,
    /// The contracts.
    pub contracts: [ContractType; 10],
}

/// `struct parTextResults`: `ConvertToSidesTextFormat`'s answer.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParTextResults {
    /// `"Par -110: EW 2S"` per side.
    pub par_text: [[c_char; 128]; 2],
    /// Whether the two views agree.
    pub equal: bool,
}

/// `struct playTraceBin`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayTraceBin {
    /// Cards played.
    pub number: i32,
    /// Suit of each card.
    pub suit: [i32; 52],
    /// Rank of each card.
    pub rank: [i32; 52],
}

/// `struct playTracePBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayTracePbn {
    /// Cards played.
    pub number: i32,
    /// The cards, two characters each (`"SAHK..."`).
    pub cards: [c_char; 106],
}

/// `struct solvedPlay`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedPlay {
    /// Values given.
    pub number: i32,
    /// Declarer's side's tricks before the play and after each card.
    pub tricks: [i32; 53],
}

/// `struct playTracesBin`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PlayTracesBin {
    /// Plays used.
    pub no_of_boards: i32,
    /// The plays.
    pub plays: [PlayTraceBin; MAXNOOFBOARDS],
}

/// `struct playTracesPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PlayTracesPbn {
    /// Plays used.
    pub no_of_boards: i32,
    /// The plays.
    pub plays: [PlayTracePbn; MAXNOOFBOARDS],
}

/// `struct solvedPlays`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SolvedPlays {
    /// Plays answered.
    pub no_of_boards: i32,
    /// The answers.
    pub solved: [SolvedPlay; MAXNOOFBOARDS],
}

/// `struct DDSInfo`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DdsInfo {
    /// API major version (2).
    pub major: i32,
    /// API minor version (9).
    pub minor: i32,
    /// API patch version (0).
    pub patch: i32,
    /// `"2.9.0"`.
    pub version_string: [c_char; 10],
    /// 3 = Linux (0 unknown, 1 Windows, 2 Cygwin, 4 Apple).
    pub system: i32,
    /// 32 or 64.
    pub num_bits: i32,
    /// The compiler code (0 = unknown: rustc is not in DDS's list).
    pub compiler: i32,
    /// The constructor code (0 = none).
    pub constructor: i32,
    /// Cores.
    pub num_cores: i32,
    /// The threading code (5 = STL: native threads).
    pub threading: i32,
    /// Threads the batch functions use.
    pub no_of_threads: i32,
    /// DDS's table sizes per thread; a letter per thread here too.
    pub thread_sizes: [c_char; 128],
    /// A free text naming ddsolve.
    pub system_string: [c_char; 1024],
}
