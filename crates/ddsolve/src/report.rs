//! The JSON objects of ddsolve's front ends: the command line's `--format json` (one object
//! a line, JSON Lines), the HTTP server's responses, and whatever else reports a table, a
//! par, a solved position or a play analysis. One schema, written once, with serde; every
//! name here is part of it (the README documents it).
//!
//! Each record has a constructor from the library's results ([`TableRecord::new`],
//! [`ParRecord::new`], [`SolveRecord::new`], [`PlayRecord::new`]), so a front end only runs
//! the solver and serializes.

use ddsolve_cards::{Card, DdTable, Deal, Position, Seat, Side, Strain, Vulnerability};
use ddsolve_par::{
    dealer_par, par, sides_par, DealerPar, Declarers, ParContract, ParOutcome, SidePar,
};
use ddsolve_search::{CardValue, PlayAnalysis};
use serde::Serialize;

/// Tricks of one declarer in each strain.
#[derive(Debug, Serialize)]
pub struct Strains {
    #[serde(rename = "S")]
    s: u8,
    #[serde(rename = "H")]
    h: u8,
    #[serde(rename = "D")]
    d: u8,
    #[serde(rename = "C")]
    c: u8,
    #[serde(rename = "NT")]
    nt: u8,
}

/// A double-dummy table: declarer, then strain.
#[derive(Debug, Serialize)]
pub struct Table {
    #[serde(rename = "N")]
    n: Strains,
    #[serde(rename = "E")]
    e: Strains,
    #[serde(rename = "S")]
    s: Strains,
    #[serde(rename = "W")]
    w: Strains,
}

impl From<&DdTable> for Table {
    fn from(t: &DdTable) -> Table {
        let of = |seat| Strains {
            s: t.tricks(Strain::Spades, seat),
            h: t.tricks(Strain::Hearts, seat),
            d: t.tricks(Strain::Diamonds, seat),
            c: t.tricks(Strain::Clubs, seat),
            nt: t.tricks(Strain::NoTrump, seat),
        };
        Table {
            n: of(Seat::North),
            e: of(Seat::East),
            s: of(Seat::South),
            w: of(Seat::West),
        }
    }
}

/// A deal's table: `ddsolve table`'s object.
#[derive(Debug, Serialize)]
pub struct TableRecord {
    /// The deal, PBN, North first.
    pub deal: String,
    /// Its table.
    pub table: Table,
}

impl TableRecord {
    /// The record of `deal` and its `table`.
    pub fn new(deal: &Deal, table: &DdTable) -> TableRecord {
        TableRecord {
            deal: deal.to_string(),
            table: Table::from(table),
        }
    }
}

/// A strain's name: `S`, `H`, `D`, `C` or `NT`.
pub fn strain_name(strain: Strain) -> &'static str {
    strain.short_name()
}

/// A vulnerability's name, as PBN writes it: `None`, `NS`, `EW`, `Both`.
pub fn vulnerability_name(v: Vulnerability) -> &'static str {
    v.pbn_name()
}

/// A side's name: `NS` or `EW`.
pub fn side_name(side: Side) -> &'static str {
    side.short_name()
}

/// A seat's letter as a string.
pub fn seat_name(seat: Seat) -> String {
    seat.letter().to_string()
}

/// A par contract.
#[derive(Debug, Serialize)]
pub struct Contract {
    /// 1..=7: the lowest level that earns the par score.
    pub level: u8,
    /// `S`, `H`, `D`, `C` or `NT`.
    pub strain: &'static str,
    /// `N`, `E`, `S`, `W`, or `NS` / `EW` when either seat of the side may declare.
    pub declarer: String,
    /// A doubled sacrifice?
    pub doubled: bool,
    /// The tricks declarer takes.
    pub tricks: u8,
    /// Tricks over the contract (positive) or under it (negative, a sacrifice).
    pub result: i8,
    /// As a player reads it: `NS 4S`, `EW 4Sx-1`, `N 1NT+1`.
    pub text: String,
}

impl From<&ParContract> for Contract {
    fn from(c: &ParContract) -> Contract {
        let declarer = match c.declarers {
            Declarers::Seat(seat) => seat_name(seat),
            Declarers::Side(side) => side_name(side).to_string(),
        };
        let result = match c.outcome {
            ParOutcome::Makes { overtricks } => overtricks as i8,
            ParOutcome::Sacrifice { undertricks } => -(undertricks as i8),
        };
        Contract {
            level: c.level,
            strain: strain_name(c.strain),
            declarer,
            doubled: c.is_sacrifice(),
            tricks: c.tricks(),
            result,
            text: c.text(),
        }
    }
}

/// A par score and its contracts (none when the deal is passed out).
#[derive(Debug, Serialize)]
pub struct ParResult {
    /// The score, from the view the field names.
    pub score: i32,
    /// The par contracts.
    pub contracts: Vec<Contract>,
}

impl ParResult {
    /// From a score and contracts.
    pub fn new(score: i32, contracts: &[ParContract]) -> ParResult {
        ParResult {
            score,
            contracts: contracts.iter().map(Contract::from).collect(),
        }
    }
}

impl From<&SidePar> for ParResult {
    fn from(p: &SidePar) -> ParResult {
        ParResult::new(p.score, &p.contracts)
    }
}

impl From<&DealerPar> for ParResult {
    fn from(p: &DealerPar) -> ParResult {
        ParResult::new(p.score, &p.contracts)
    }
}

/// Par seen from each side.
#[derive(Debug, Serialize)]
pub struct BySide {
    /// North-South's view; its score is North-South's.
    pub ns: ParResult,
    /// East-West's view; its score is East-West's.
    pub ew: ParResult,
}

/// A deal's table and par in DDS's three forms: `ddsolve par`'s object.
#[derive(Debug, Serialize)]
pub struct ParRecord {
    /// The deal, PBN, North first.
    pub deal: String,
    /// `None`, `NS`, `EW` or `Both`.
    pub vulnerable: &'static str,
    /// `N`, `E`, `S` or `W`.
    pub dealer: String,
    /// The table.
    pub table: Table,
    /// DDS `Par`: each side's view when it bids first.
    pub par: BySide,
    /// DDS `DealerPar`, the score North-South's.
    pub dealer_par: ParResult,
    /// DDS `SidesPar`: dealer par with each side dealing, its score that side's.
    pub sides_par: BySide,
}

impl ParRecord {
    /// The record of `deal`, its `table`, and par with `vul` and `dealer`.
    pub fn new(deal: &Deal, vul: Vulnerability, dealer: Seat, table: &DdTable) -> ParRecord {
        let p = par(table, vul);
        let [sides_ns, sides_ew] = sides_par(table, vul);
        ParRecord {
            deal: deal.to_string(),
            vulnerable: vulnerability_name(vul),
            dealer: seat_name(dealer),
            table: Table::from(table),
            par: BySide {
                ns: ParResult::from(&p.ns),
                ew: ParResult::from(&p.ew),
            },
            dealer_par: ParResult::from(&dealer_par(table, dealer, vul)),
            sides_par: BySide {
                ns: ParResult::from(&sides_ns),
                ew: ParResult::from(&sides_ew),
            },
        }
    }
}

/// One card group of `ddsolve solve`.
#[derive(Debug, Serialize)]
pub struct CardGroup {
    /// The equivalent cards, highest first (`SA`, `HT`, ...).
    pub cards: Vec<String>,
    /// Tricks for the side to play, from here, the current trick included.
    pub tricks: u8,
    /// With `--target`: does it take at least that many?
    #[serde(skip_serializing_if = "Option::is_none")]
    pub makes: Option<bool>,
}

/// `ddsolve solve`'s object.
#[derive(Debug, Serialize)]
pub struct SolveRecord {
    /// The cards not yet played, PBN, North first.
    pub position: String,
    /// Trumps: `S`, `H`, `D`, `C` or `NT`.
    pub trump: &'static str,
    /// The hand that led to the current trick.
    pub leader: String,
    /// The cards played to the current trick, in order.
    pub played: Vec<String>,
    /// The hand to play.
    pub to_play: String,
    /// Its side, whose tricks these are.
    pub side: &'static str,
    /// Tricks left, the current one included.
    pub tricks_left: u32,
    /// `--target`, if given.
    pub target: Option<u8>,
    /// The legal cards in groups of equivalent cards, best first.
    pub cards: Vec<CardGroup>,
}

impl SolveRecord {
    /// The record of `pos` and the value of each of its legal cards (`cards`, from
    /// `Solutions::All`), with `target` if one was asked for.
    pub fn new(pos: &Position, cards: &[CardValue], target: Option<u8>) -> SolveRecord {
        let to_play = pos.to_play();
        SolveRecord {
            position: pos.remaining_pbn(),
            trump: strain_name(pos.trump()),
            leader: seat_name(pos.leader()),
            played: pos.trick().iter().map(|c| c.to_string()).collect(),
            to_play: seat_name(to_play),
            side: side_name(to_play.side()),
            tricks_left: pos.tricks_left(),
            target,
            cards: sorted_groups(cards)
                .iter()
                .map(|g| CardGroup {
                    cards: group_cards(g).map(|c| c.to_string()).collect(),
                    tricks: g.tricks,
                    makes: target.map(|t| g.tricks >= t),
                })
                .collect(),
        }
    }
}

/// The groups of equivalent cards, most tricks first, then by suit (S, H, D, C) and rank,
/// highest first: the order in which every front end lists a position's cards.
pub fn sorted_groups(cards: &[CardValue]) -> Vec<CardValue> {
    let mut groups = cards.to_vec();
    groups.sort_by_key(|g| {
        let top = g.equals.highest().map_or(0, |r| r.get());
        (
            std::cmp::Reverse(g.tricks),
            g.card.suit(),
            std::cmp::Reverse(top),
        )
    });
    groups
}

/// The cards a group stands for, highest first (the group's own card included).
pub fn group_cards(g: &CardValue) -> impl Iterator<Item = Card> + '_ {
    g.cards()
}

/// One card of `ddsolve play`.
#[derive(Debug, Serialize)]
pub struct PlayedCard {
    /// The card.
    pub card: String,
    /// Who played it.
    pub seat: String,
    /// Declarer's side's tricks after it: won so far plus double-dummy from there.
    pub tricks: u8,
    /// Tricks it gave away (0 if none).
    pub cost: u8,
    /// Who won the trick, on a trick's last card.
    pub trick_won_by: Option<String>,
}

/// `ddsolve play`'s object.
#[derive(Debug, Serialize)]
pub struct PlayRecord {
    /// The deal at the start of play.
    pub deal: String,
    /// Trumps.
    pub trump: &'static str,
    /// The opening leader.
    pub leader: String,
    /// Declarer (to the leader's right).
    pub declarer: String,
    /// Declarer's side.
    pub side: &'static str,
    /// Declarer's double-dummy tricks before any card.
    pub start: u8,
    /// Each card played, in order.
    pub cards: Vec<PlayedCard>,
}

impl PlayRecord {
    /// The record of the play `cards` of `deal` with `trump` and `leader`, analysed as
    /// `analysis` (which holds a value before the first card and after each card, so the
    /// play is legal).
    pub fn new(
        deal: &Deal,
        trump: Strain,
        leader: Seat,
        cards: &[Card],
        analysis: &PlayAnalysis,
    ) -> PlayRecord {
        let mut pos = Position::new(*deal, trump, leader);
        let played = cards
            .iter()
            .enumerate()
            .map(|(i, &card)| {
                let seat = pos.to_play();
                pos.play_unchecked(card);
                let won_by = pos
                    .trick()
                    .is_empty()
                    .then(|| pos.last_trick_winner())
                    .flatten();
                PlayedCard {
                    card: card.to_string(),
                    seat: seat_name(seat),
                    tricks: analysis.tricks[i + 1],
                    cost: analysis.tricks[i].abs_diff(analysis.tricks[i + 1]),
                    trick_won_by: won_by.map(seat_name),
                }
            })
            .collect();
        PlayRecord {
            deal: deal.to_string(),
            trump: strain_name(trump),
            leader: seat_name(leader),
            declarer: seat_name(analysis.declarer),
            side: side_name(analysis.declarer.side()),
            start: analysis.tricks[0],
            cards: played,
        }
    }
}

/// `value` as one line of JSON, newline included.
pub fn line(value: &impl Serialize) -> String {
    // Every record of this module is plain data (strings, numbers, lists): serializing it
    // cannot fail.
    let mut s = serde_json::to_string(value).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_by_declarer_and_strain() {
        let t =
            DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])
                .unwrap();
        let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
            .parse()
            .unwrap();
        let rec = TableRecord::new(&deal, &t);
        let v: serde_json::Value = serde_json::from_str(&line(&rec)).unwrap();
        assert_eq!(v["table"]["E"]["S"], 8);
        assert_eq!(v["table"]["N"]["C"], 7);
        assert_eq!(v["table"]["W"]["NT"], 6);
        assert_eq!(v["deal"], deal.to_string());
        assert!(line(&rec).ends_with("}}}\n"));
    }
}
