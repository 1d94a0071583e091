//! # ddsolve-formats: file formats of the bridge world
//!
//! Readers (and, where useful, writers) of the files that bridge software exchanges, each in a
//! module of its own named after the format. Every reader takes text or a path and returns
//! typed records from [`ddsolve_cards`] or an error naming the line and the field at fault.
//! The crate depends on nothing in ddsolve but [`ddsolve_cards`]: it knows files, not solving.
//!
//! Formats:
//!
//! - [`pbn_file`]: PBN hand-record files, read into games and written back byte for byte;
//! - [`records`]: the deals of a stream, in any mix of deal lines, LIN and PBN games (the
//!   one reader of the command line's batch commands, sharing [`pbn_file`]'s games);
//! - [`lin`]: BBO's LIN deals;
//! - [`excerpt`]: bad input quoted short and escaped in messages;
//! - [`dds_file`]: DDS's regression files (`list10.txt`, `list100.txt`, `list1000.txt`):
//!   one entry per deal with its `FUT`, `TABLE`, `PAR`, `PAR2`, `PLAY` and `TRACE` lines.
//!
//! ```
//! use ddsolve_cards::{Seat, Strain};
//! use ddsolve_formats::dds_file;
//!
//! let text = "PBN 0 0 4 1 \"N:A... K... Q... J...\"\nTABLE 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0\n";
//! let entries = dds_file::parse_file(text)?;
//! assert_eq!(entries[0].first, Seat::East);
//! assert_eq!(entries[0].table_tricks(Strain::NoTrump, Seat::North), 1);
//! # Ok::<(), dds_file::DdsFileError>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod dds_file;
pub mod excerpt;
pub mod lin;
pub mod pbn_file;
pub mod records;
