//! # ddsolve-capi: DDS's C library, answered by ddsolve
//!
//! `cargo build --release -p ddsolve-capi` builds `target/release/libdds.so` (SONAME
//! `libdds.so.0`) and `libdds.a`: every function of DDS 2.9.0's `dll.h` with DDS's name,
//! signature, struct layouts, return codes and meaning, so that a program built against
//! DDS (Debian's `libdds-dev`) runs on ddsolve with `LD_LIBRARY_PATH=target/release`, and
//! Python wrappers that load `libdds.so` with ctypes work unchanged. Our own header is
//! `crates/capi/include/dds/dll.h`.
//!
//! - `SolveBoard`, `SolveBoardPBN` ([`solve`]); `CalcDDtable`, `CalcDDtablePBN`,
//!   `CalcAllTables`, `CalcAllTablesPBN` ([`table`]); `SolveAllBoards`, `SolveAllChunks`,
//!   `SolveAllChunksBin`, `SolveAllChunksPBN` ([`batch`]); `Par`, `CalcPar`, `CalcParPBN`,
//!   `DealerPar`, `DealerParBin`, `SidesPar`, `SidesParBin`, `ConvertToDealerTextFormat`,
//!   `ConvertToSidesTextFormat` ([`par`]); `AnalysePlayBin`, `AnalysePlayPBN`,
//!   `AnalyseAllPlaysBin`, `AnalyseAllPlaysPBN` ([`play`]); `SetMaxThreads`,
//!   `SetThreading`, `SetResources`, `FreeMemory`, `GetDDSInfo` ([`threads`]);
//!   `ErrorMessage` ([`errors`]).
//! - The batch functions run on the exec crate's pool, one solver per worker, with the
//!   threads of `SetMaxThreads` (0 = one per core); the tables (`CalcDDtable` and
//!   `CalcAllTables`) share out strains, so that a single deal uses every thread too. The
//!   only global state is that setting and the count of helper threads lent to
//!   `CalcDDtable` calls in progress (atomics); `SolveBoard` and `CalcDDtable` keep one
//!   solver per calling thread, as DDS keeps one per thread index, and their answers do
//!   not depend on what they solved before.
//! - The boundary is safe: every entry point catches panics (`RETURN_UNKNOWN_FAULT`), null
//!   pointers are `RETURN_UNKNOWN_FAULT`, and out-of-range seats, suits, ranks, counts and
//!   modes get DDS's codes; nothing is written outside the caller's structs.
//!
//! A file per concern of the API (the modules above). Besides the thread setting
//! (`threads`), they use one another only where one is a batch of another (`batch` runs
//! `solve`'s `solve_board`). Beneath them: `convert` (every conversion between DDS's structs
//! and codes and ddsolve's types), `thread_solver` (the calling thread's solver, kept between
//! calls), `dd_table` (one deal's table for `table` and `par`, its strains shared with helper
//! threads) and `boundary` (the panic guard, C strings). The imports of the library crates
//! are in one `prelude` block of this file.
//!
//! The tests include C programs (`tests/c`) built against Debian's `dll.h` and linked with
//! this library (among them the struct layouts, DDS's regression files and the error
//! codes), and a ctypes test in Python.
//!
//! The Rust side can call the entry points too (the crate is also an rlib):
//!
//! ```
//! use dds::ffi::{DdTableDealPbn, DdTableResults, RETURN_NO_FAULT};
//!
//! let mut deal = DdTableDealPbn { cards: [0; 80] };
//! let pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
//! for (d, b) in deal.cards.iter_mut().zip(pbn.bytes()) {
//!     *d = b as std::ffi::c_char;
//! }
//! let mut table = DdTableResults::default();
//! // SAFETY: `table` is a valid, writable ddTableResults.
//! let code = unsafe { dds::table::CalcDDtablePBN(deal, &mut table) };
//! assert_eq!(code, RETURN_NO_FAULT);
//! assert_eq!(table.res_table[4], [6, 6, 6, 6]); // 1NT: six tricks for every declarer
//! ```

// The workspace denies unsafe code; this crate is the C boundary, where raw pointers from C
// callers must be read and written. Every unsafe block carries a `// SAFETY:` comment.
#![allow(unsafe_code)]
// The exported functions keep DDS's names (`SolveBoard`, `CalcDDtable`...).
#![allow(non_snake_case)]

/// The library crates this crate uses, in one place, so that a front crate re-exporting
/// them can replace these lines alone.
mod prelude {
    pub use ddsolve::exec::{default_threads, map_in_order, solve_tables_by, SharedTables};
    pub use ddsolve::{BatchOptions, PlayValues, Solutions, Solver, Target};
    pub use ddsolve_cards::{
        Card, DdTable, Deal, DealError, Hand, Holding, Position, PositionError, Rank, Seat,
        SeatMap, Side, Strain, Suit, Vulnerability,
    };
    pub use ddsolve_par::{dealer_par, par, DealerPar, Declarers, ParContract, ParOutcome};
}

pub mod batch;
pub mod boundary;
mod convert;
mod dd_table;
pub mod errors;
pub mod ffi;
pub mod par;
pub mod play;
pub mod solve;
pub mod table;
mod thread_solver;
pub mod threads;

// The PBN readers and the deal checks are conversions too; their paths stay `dds::pbn` and
// `dds::position`.
pub use convert::{pbn, position};
