//! # ddsolve-testkit: test support for ddsolve
//!
//! The layer beside the product crates, used only to test them: the other crates take it as a
//! dev-dependency, never as a normal one. It depends on nothing in ddsolve but
//! [`ddsolve_cards`], [`ddsolve_formats`] (to read its data), and the seams its conformance
//! suites exercise, [`ddsolve_tt`]'s table trait and [`ddsolve_moves`]' ordering trait (and
//! `ddsolve-orderings`, whose orderings its docs' examples run); never on the search, so the
//! oracle can never share a shortcut with the real solver.
//!
//! - [`data`] finds the test data the repository carries (`crates/testkit/data`: DDS's
//!   regression files `list10.txt`, `list100.txt` and `list1000.txt`, DDS's tables of random
//!   and freak deals); nothing is looked up outside the repository.
//! - [`input_table`] is the table of inputs (a byte-order mark, CRLF, `10`, `-`, a missing
//!   seat prefix, Latin-1) that every front end must read alike.
//! - [`oracle`] is a brute-force double-dummy solver for small endings (at most
//!   [`oracle::MAX_CARDS_PER_HAND`] cards a hand): plain minimax with alpha-beta over every
//!   legal card, nothing else; and [`oracle::random_ending`] / [`oracle::arb_ending`] make
//!   random valid endings, mid-trick ones included, for property tests.
//! - [`symmetric`] deals random deals that a turn of the table or a renaming of the suits
//!   maps onto themselves ([`symmetric::symmetric_deal`]), for the search's symmetry.
//! - [`conformance`] is what every table and every ordering must pass
//!   ([`conformance::table::check_table`], [`conformance::ordering::check_ordering`]).
//!
//! ```
//! use ddsolve_cards::{Deal, DealRng, Position, Seat, Strain};
//! use ddsolve_testkit::oracle;
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
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod conformance;
pub mod data;
pub mod input_table;
pub mod oracle;
pub mod symmetric;
