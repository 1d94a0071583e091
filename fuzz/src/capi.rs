//! The check of the `capi` fuzz target: DDS's C entry points of ddsolve's `libdds`
//! (ddsolve-capi, crate `dds`), called in-process exactly as a C caller calls them, with
//! structs filled from the fuzzer's bytes.
//!
//! Input: byte 0 picks the entry point; the rest fills its arguments field by field (ints
//! little-endian, zero past the end of the input). Every call must return `RETURN_NO_FAULT`
//! or one of DDS's error codes, and never write outside the caller's structs: each output
//! is followed by guard bytes that must be intact after the call (a text buffer with DDS's
//! size, `ConvertToDealerTextFormat`'s 131 bytes, `ErrorMessage`'s 80). Positions are read
//! from the bytes too, so most are refused; the few that are valid are small or quick to
//! solve (one board at a time, no batch).
//!
//! This file uses only `dds` (ddsolve-capi), so that the corpus replay test of the main
//! workspace (`crates/capi/tests/fuzz_corpus.rs`) includes it as a module and runs the very
//! code the fuzzer ran.

// The target is a C caller: calling the entry points is unsafe by their signatures.
#![allow(unsafe_code)]

use dds::ffi::*;
use std::ffi::c_char;

/// The fuzzer's bytes as a stream of fields.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn int(&mut self) -> i32 {
        i32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// A small int: most calls then get past the range checks to the work.
    fn small(&mut self) -> i32 {
        i32::from(self.byte() as i8)
    }

    fn chars<const N: usize>(&mut self) -> [c_char; N] {
        std::array::from_fn(|_| self.byte() as c_char)
    }

    /// DDS's holdings: rank r at bit r (2..=14); other bits set at times too.
    fn holdings(&mut self) -> [[u32; 4]; 4] {
        std::array::from_fn(|_| {
            std::array::from_fn(|_| {
                let bits = u32::from(self.byte()) | u32::from(self.byte()) << 8;
                (bits << 2) & 0x7ffc | u32::from(bits & 0x8000 != 0)
            })
        })
    }
}

/// The bytes the guard is made of, and its length after each output.
const GUARD: u8 = 0xA5;
const GUARD_LEN: usize = 32;

/// An output `T` followed by guard bytes.
#[repr(C)]
struct Guarded<T> {
    value: T,
    guard: [u8; GUARD_LEN],
}

impl<T> Guarded<T> {
    fn new(value: T) -> Guarded<T> {
        Guarded {
            value,
            guard: [GUARD; GUARD_LEN],
        }
    }

    fn check(&self, what: &str) {
        assert!(
            self.guard.iter().all(|&b| b == GUARD),
            "{what} wrote past its output"
        );
    }
}

/// Whether `code` is `RETURN_NO_FAULT` or one of DDS's error codes.
fn is_dds_code(code: i32) -> bool {
    code == RETURN_NO_FAULT
        || [
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
            RETURN_NO_SUIT,
            RETURN_TOO_MANY_TABLES,
            RETURN_CHUNK_SIZE,
        ]
        .contains(&code)
}

fn table_results(b: &mut Bytes) -> DdTableResults {
    DdTableResults {
        res_table: std::array::from_fn(|_| std::array::from_fn(|_| b.small())),
    }
}

fn master(b: &mut Bytes) -> ParResultsMaster {
    let score = b.int();
    let number = b.small();
    ParResultsMaster {
        score,
        number,
        contracts: std::array::from_fn(|_| ContractType {
            under_tricks: b.small(),
            over_tricks: b.small(),
            level: b.small(),
            denom: b.small(),
            seats: b.small(),
        }),
    }
}

fn deal_pbn(b: &mut Bytes) -> DealPbn {
    DealPbn {
        trump: b.small(),
        first: b.small(),
        current_trick_suit: [b.small(), b.small(), b.small()],
        current_trick_rank: [b.small(), b.small(), b.small()],
        remain_cards: b.chars(),
    }
}

fn deal_bin(b: &mut Bytes) -> DealBin {
    DealBin {
        trump: b.small(),
        first: b.small(),
        current_trick_suit: [b.small(), b.small(), b.small()],
        current_trick_rank: [b.small(), b.small(), b.small()],
        remain_cards: b.holdings(),
    }
}

fn expect(what: &str, code: i32) {
    assert!(is_dds_code(code), "{what} returned {code}, not a DDS code");
}

/// See the module's documentation.
pub fn capi(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let mut b = Bytes(rest);
    match pick % 9 {
        0 => {
            let dl = deal_pbn(&mut b);
            let (target, solutions, mode) = (b.small(), b.small(), b.small());
            let mut fut = Guarded::new(FutureTricks::default());
            // SAFETY: `fut.value` is a valid, writable futureTricks.
            let code = unsafe {
                dds::solve::SolveBoardPBN(dl, target, solutions, mode, &mut fut.value, 0)
            };
            fut.check("SolveBoardPBN");
            expect("SolveBoardPBN", code);
        }
        1 => {
            let dl = deal_bin(&mut b);
            let (target, solutions, mode) = (b.small(), b.small(), b.small());
            let mut fut = Guarded::new(FutureTricks::default());
            // SAFETY: `fut.value` is a valid, writable futureTricks.
            let code =
                unsafe { dds::solve::SolveBoard(dl, target, solutions, mode, &mut fut.value, 0) };
            fut.check("SolveBoard");
            expect("SolveBoard", code);
        }
        2 => {
            let deal = DdTableDealPbn { cards: b.chars() };
            let mut table = Guarded::new(DdTableResults::default());
            // SAFETY: `table.value` is a valid, writable ddTableResults.
            let code = unsafe { dds::table::CalcDDtablePBN(deal, &mut table.value) };
            table.check("CalcDDtablePBN");
            expect("CalcDDtablePBN", code);
        }
        3 => {
            let mut table = table_results(&mut b);
            let vul = b.small();
            let mut par = Guarded::new(ParResults {
                par_score: [[0; 16]; 2],
                par_contracts_string: [[0; 128]; 2],
            });
            // SAFETY: both point to valid structs of their types.
            let code = unsafe { dds::par::Par(&mut table, &mut par.value, vul) };
            par.check("Par");
            expect("Par", code);
        }
        4 => {
            let mut table = table_results(&mut b);
            let (dealer, vul) = (b.small(), b.small());
            let mut out = Guarded::new(ParResultsMaster::default());
            // SAFETY: both point to valid structs of their types.
            let code = unsafe { dds::par::DealerParBin(&mut table, &mut out.value, dealer, vul) };
            out.check("DealerParBin");
            expect("DealerParBin", code);
            if code == RETURN_NO_FAULT {
                let mut text = Guarded::new([0 as c_char; dds::par::DEALER_TEXT_ROOM]);
                // SAFETY: `out.value` is valid; `text.value` has DDS's room for the text.
                let code = unsafe {
                    dds::par::ConvertToDealerTextFormat(&mut out.value, text.value.as_mut_ptr())
                };
                text.check("ConvertToDealerTextFormat of DealerParBin's answer");
                assert_eq!(code, RETURN_NO_FAULT, "DealerParBin's own answer is text");
            }
        }
        5 => {
            let mut m = master(&mut b);
            let mut text = Guarded::new([0 as c_char; dds::par::DEALER_TEXT_ROOM]);
            // SAFETY: `m` is valid; `text.value` has DDS's room for the text.
            let code =
                unsafe { dds::par::ConvertToDealerTextFormat(&mut m, text.value.as_mut_ptr()) };
            text.check("ConvertToDealerTextFormat");
            expect("ConvertToDealerTextFormat", code);
        }
        6 => {
            let mut sides = [master(&mut b), master(&mut b)];
            let mut out = Guarded::new(ParTextResults {
                par_text: [[0; 128]; 2],
                equal: false,
            });
            // SAFETY: `sides` is 2 valid parResultsMaster; `out.value` a valid parTextResults.
            let code =
                unsafe { dds::par::ConvertToSidesTextFormat(sides.as_mut_ptr(), &mut out.value) };
            out.check("ConvertToSidesTextFormat");
            expect("ConvertToSidesTextFormat", code);
        }
        7 => {
            let mut table = table_results(&mut b);
            let vul = b.small();
            let mut out = Guarded::new(
                [ParResultsDealer {
                    number: 0,
                    score: 0,
                    contracts: [[0; 10]; 10],
                }; 2],
            );
            // SAFETY: `table` is valid; `out.value` is 2 writable parResultsDealer.
            let code = unsafe { dds::par::SidesPar(&mut table, out.value.as_mut_ptr(), vul) };
            out.check("SidesPar");
            expect("SidesPar", code);
        }
        _ => {
            let dl = deal_pbn(&mut b);
            let play = PlayTracePbn {
                number: b.small(),
                cards: b.chars(),
            };
            let mut solved = Guarded::new(SolvedPlay {
                number: 0,
                tricks: [0; 53],
            });
            // SAFETY: `solved.value` is a valid, writable solvedPlay.
            let code = unsafe { dds::play::AnalysePlayPBN(dl, play, &mut solved.value, 0) };
            solved.check("AnalysePlayPBN");
            expect("AnalysePlayPBN", code);
            let mut line = Guarded::new([0 as c_char; 80]);
            // SAFETY: `line.value` is 80 writable characters, as dll.h's `line[80]`.
            unsafe { dds::errors::ErrorMessage(code, line.value.as_mut_ptr()) };
            line.check("ErrorMessage");
        }
    }
}
