//! # ddsolve-testkit: test support for ddsolve
//!
//! The layer beside the product crates, used only to test them: the other crates take it as a
//! dev-dependency, and `xtask`/the cli may use it for checks. It depends on nothing in ddsolve
//! but [`ddsolve_cards`], so it can never share a shortcut with the real solver.
//!
//! - [`dds_files`] reads DDS's regression files (`list10.txt`, `list100.txt`, `list1000.txt`
//!   under [`dds_files::shared_data_dir`]) into typed [`dds_files::Entry`] records.
//! - [`oracle`] is a brute-force double-dummy solver for small endings (at most
//!   [`oracle::MAX_CARDS_PER_HAND`] cards a hand): plain minimax with alpha-beta over every
//!   legal card, nothing else; and [`oracle::random_ending`] / [`oracle::arb_ending`] make
//!   random valid endings, mid-trick ones included, for property tests.
//!
//! ```
//! use ddsolve_cards::{Deal, DealRng, Position, Seat, Strain};
//! use ddsolve_testkit::{dds_files, oracle};
//!
//! // A two-card ending: North's AQ of spades sits over West's K.
//! let deal: Deal = "N:AQ... .32.. 32... K4...".parse()?;
//! let pos = Position::new(deal, Strain::NoTrump, Seat::South);
//! assert_eq!(oracle::tricks(&pos), 2); // the finesse works: North-South take both tricks
//!
//! // Random endings for property tests, reproducible per seed.
//! let ending = oracle::random_ending(&mut DealRng::new(7), 3);
//! let best = oracle::card_values(&ending).iter().map(|&(_, v)| v).max();
//! assert_eq!(best, Some(oracle::tricks(&ending)));
//!
//! // DDS regression entries.
//! let text = "PBN 0 0 4 1 \"N:A... K... Q... J...\"\nTABLE 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0\n";
//! let entries = dds_files::parse_file(text)?;
//! assert_eq!(entries[0].first, Seat::East);
//! assert_eq!(entries[0].table_tricks(Strain::NoTrump, Seat::North), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod conformance;
pub mod dds_files;
pub mod oracle;
