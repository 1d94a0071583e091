//! # ddsolve-cards: the bottom layer of ddsolve
//!
//! Cards, suits, ranks, seats and strains; holdings and hands as bitsets; deals and PBN deal
//! strings; seeded random deals; and the play state [`Position`] with `play`/`undo`.
//!
//! This crate depends on nothing else in ddsolve; every other crate depends on it.
//! Raw input (text, bitsets) becomes a [`Deal`] or a [`Position`] only through constructors
//! that check it and return a precise error.
//!
//! A [`Holding`] is a `u16` with rank `r` at bit `r` (DDS's convention); a [`Hand`] packs the
//! four holdings of a hand into a `u64`, suit `s` at bits `16 s ..`.
//!
//! ```
//! use ddsolve_cards::{Deal, Position, Seat, Strain, Suit, Rank, Card};
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
//!     .parse()?;
//! assert_eq!(deal.hand(Seat::North).suit(Suit::Hearts).to_string(), "K652");
//!
//! let mut pos = Position::new(deal, Strain::Spades, Seat::East);
//! let lead = Card::new(Suit::Clubs, Rank::new(4).unwrap());
//! pos.play(lead)?;
//! assert_eq!(pos.legal_cards().len(), 5); // South must follow with one of five clubs
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod basic;
pub mod cpu;
mod dd_table;
mod deal;
mod parse;
mod position;
mod sets;
mod symmetry;
mod vulnerability;

pub use basic::{Card, Rank, Seat, Side, Strain, Suit};
pub use dd_table::{DdTable, TableError};
pub use deal::{diagram, parse_pbn_hands, Deal, DealError, DealRng, PbnError};
pub use parse::{
    parse_card_list, without_bom, without_bom_bytes, CardListError, CardParseError, SeatParseError,
    StrainParseError, BOM,
};
pub use position::{
    beats, overtakes, trick_score, trick_winner_index, trick_winner_so_far, PlayError, Position,
    PositionError,
};
pub use sets::{Hand, Holding, HoldingIter, SeatMap, SuitMap, RANK_BITS};
pub use symmetry::{Symmetries, Symmetry};
pub use vulnerability::{Vulnerability, VulnerabilityError};
