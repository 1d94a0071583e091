//! # ddsolve-par: contract scoring and par
//!
//! The score of a contract per the Laws of Duplicate Bridge ([`score()`], [`Contract`]), and
//! *par*: the result of perfect bidding by both sides when both know the double-dummy table,
//! in the two forms DDS computes, [`par()`] (DDS `Par`: the par score and contracts seen from
//! each side) and [`dealer_par`] (DDS `DealerPar`: the par with a given dealer), each with
//! DDS's own text forms so that they can be compared with DDS's `PAR` and `PAR2` lines.
//!
//! This crate sits beside `ddsolve-search` and depends only on `ddsolve-cards`: par needs the
//! double-dummy table of a deal, not the deal, so it takes a [`DdTable`] (built from a
//! solver's table or a `TABLE` line) and never runs the solver. The `ddsolve` command line
//! uses it (`ddsolve par`, `ddsolve check --mode par|dealerpar`).
//!
//! ```
//! use ddsolve_cards::{Seat, Strain};
//! use ddsolve_par::{dealer_par, par, score, Contract, Doubling, DdTable, Vulnerability};
//!
//! // 4S doubled by North, three down, not vulnerable.
//! let c = Contract::new(4, Strain::Spades, Doubling::Doubled, Seat::North)?;
//! assert_eq!(score(&c, 7, false), -500);
//!
//! // The first deal of DDS's list10.txt: its TABLE line (strains S, H, D, C, NT; declarers
//! // N, E, S, W in each).
//! let table = DdTable::from_dds_order([
//!     5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6,
//! ])?;
//! let p = par(&table, Vulnerability::None);
//! assert_eq!(p.dds_strings(), ["NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S"]);
//! let d = dealer_par(&table, Seat::North, Vulnerability::None);
//! assert_eq!(d.dds_strings(), ["-110", "2S-EW"]);
//! assert_eq!(d.contracts[0].level, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How par is found is explained in the private `engine` module's documentation, repeated
//! here in short: the side that makes the highest contract has *primacy*; for each strain it
//! could play in, the other side's cheapest sacrifice either pays (it costs less than the
//! contract would score) or does not; the par score is the best the side with primacy can get
//! that way, and a making par contract is shown at the lowest level that keeps its score and
//! against which no sacrifice pays. Ties for a bid go to the seat that bids first: the dealer
//! and the seats after it for [`dealer_par`], the viewing side for each view of [`par()`].

#![warn(missing_docs)]

// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod engine;
mod par;
mod score;

use ddsolve_cards::Deal;
use thiserror::Error;

/// Why a deal has no par: par is of a whole board, and an ending (fewer than 13 cards a
/// hand) has a table of fewer tricks, which no contract scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("par needs a full deal, 13 cards a hand; this one has {cards_per_hand} a hand")]
pub struct NotAFullDeal {
    /// The deal's cards a hand.
    pub cards_per_hand: u32,
}

/// Checks that `deal` can have a par: every front end asks this before it computes par from
/// the deal's table, so that an ending is refused with one message everywhere.
///
/// ```
/// use ddsolve_cards::Deal;
/// let ending: Deal = "N:AK... QJ... T9... 87...".parse()?;
/// assert_eq!(
///     ddsolve_par::check_full_deal(&ending).unwrap_err().to_string(),
///     "par needs a full deal, 13 cards a hand; this one has 2 a hand"
/// );
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
pub fn check_full_deal(deal: &Deal) -> Result<(), NotAFullDeal> {
    match deal.cards_per_hand() {
        13 => Ok(()),
        cards_per_hand => Err(NotAFullDeal { cards_per_hand }),
    }
}

pub use ddsolve_cards::{DdTable, TableError, Vulnerability, VulnerabilityError};
pub use par::{
    dealer_par, par, sides_par, DealerPar, Declarers, Par, ParContract, ParContracts, ParOutcome,
    SidePar,
};
pub use score::{score, Contract, ContractError, Doubling};
