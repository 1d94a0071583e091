//! The JSON forms of the commands' results (`--format json`: one object a line, JSON Lines),
//! with serde. The schema is in the README; every name here is part of it.

use ddsolve_cards::{DdTable, Seat, Side, Strain, Vulnerability};
use ddsolve_par::{DealerPar, Declarers, ParContract, ParOutcome, SidePar};
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

/// `ddsolve table`'s object.
#[derive(Debug, Serialize)]
pub struct TableRecord {
    /// The deal, PBN, North first.
    pub deal: String,
    /// Its table.
    pub table: Table,
}

/// A strain's name: `S`, `H`, `D`, `C` or `NT`.
pub fn strain_name(strain: Strain) -> &'static str {
    ["S", "H", "D", "C", "NT"][strain.index()]
}

/// A vulnerability's name, as PBN writes it: `None`, `NS`, `EW`, `Both`.
pub fn vulnerability_name(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::Both => "Both",
    }
}

/// A side's name: `NS` or `EW`.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::NorthSouth => "NS",
        Side::EastWest => "EW",
    }
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

/// `ddsolve par`'s object.
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

/// Writes `value` as one line of JSON.
pub fn line(value: &impl Serialize) -> String {
    let mut s = serde_json::to_string(value).expect("our records always serialize");
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
        let rec = TableRecord {
            deal: "N:x".into(),
            table: Table::from(&t),
        };
        let v: serde_json::Value = serde_json::from_str(&line(&rec)).unwrap();
        assert_eq!(v["table"]["E"]["S"], 8);
        assert_eq!(v["table"]["N"]["C"], 7);
        assert_eq!(v["table"]["W"]["NT"], 6);
        assert_eq!(v["deal"], "N:x");
        assert!(line(&rec).ends_with("}}}\n"));
    }
}
