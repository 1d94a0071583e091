//! Par contracts and scores, as DDS's `DealerPar` and `Par` compute and print them.

use crate::engine::{rank, Auction, Found, Preempt};
use crate::score::{Contract, ContractError, Doubling};
use arrayvec::ArrayVec;
use ddsolve_cards::{DdTable, Seat, Side, Strain, Vulnerability};
use smallvec::SmallVec;
use std::fmt;
use std::ops::RangeInclusive;

/// Who declares a par contract: one seat, or either seat of a side (they take the same
/// tricks in its strain).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declarers {
    /// This seat (its partner takes fewer tricks in the strain, or it alone gets to bid it).
    Seat(Seat),
    /// Either seat of the side.
    Side(Side),
}

impl Declarers {
    /// The side that declares.
    pub const fn side(self) -> Side {
        match self {
            Declarers::Seat(seat) => seat.side(),
            Declarers::Side(side) => side,
        }
    }

    /// The seats that may declare, North or East first.
    pub fn seats(self) -> Vec<Seat> {
        match self {
            Declarers::Seat(seat) => vec![seat],
            Declarers::Side(Side::NorthSouth) => vec![Seat::North, Seat::South],
            Declarers::Side(Side::EastWest) => vec![Seat::East, Seat::West],
        }
    }
}

impl fmt::Display for Declarers {
    /// `N`, `E`, `S`, `W`, `NS` or `EW`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Declarers::Seat(seat) => write!(f, "{}", seat.letter()),
            Declarers::Side(Side::NorthSouth) => f.write_str("NS"),
            Declarers::Side(Side::EastWest) => f.write_str("EW"),
        }
    }
}

/// How a par contract ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParOutcome {
    /// Undoubled and made, with `overtricks`: the contract may be bid at any level from its
    /// own to `overtricks` higher, for the same score.
    Makes {
        /// Tricks over the contract.
        overtricks: u8,
    },
    /// A sacrifice: doubled, `undertricks` down.
    Sacrifice {
        /// Tricks short of the contract (at least 1).
        undertricks: u8,
    },
}

/// The par contracts of a result: one or two nearly always, at most one a strain and
/// declaring side, kept inline up to four.
pub type ParContracts = SmallVec<[ParContract; 4]>;

/// A par contract: a strain, the lowest level it is bid at, its declarer(s) and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParContract {
    /// The level, 1..=7: for a making contract the lowest level that earns the par score.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
    /// Who declares.
    pub declarers: Declarers,
    /// Made with overtricks, or doubled and down.
    pub outcome: ParOutcome,
}

impl ParContract {
    /// Is it a sacrifice (doubled, going down)?
    pub const fn is_sacrifice(&self) -> bool {
        matches!(self.outcome, ParOutcome::Sacrifice { .. })
    }

    /// The levels the contract may be bid at for the same result: `level..=level +
    /// overtricks` for a making contract, just `level` for a sacrifice.
    pub const fn levels(&self) -> RangeInclusive<u8> {
        match self.outcome {
            ParOutcome::Makes { overtricks } => self.level..=self.level + overtricks,
            ParOutcome::Sacrifice { .. } => self.level..=self.level,
        }
    }

    /// The tricks declarer takes.
    pub const fn tricks(&self) -> u8 {
        match self.outcome {
            ParOutcome::Makes { overtricks } => self.level + 6 + overtricks,
            ParOutcome::Sacrifice { undertricks } => self.level + 6 - undertricks,
        }
    }

    /// The contract with `declarer` (which should be one of [`ParContract::declarers`]),
    /// doubled if it is a sacrifice.
    pub fn contract(&self, declarer: Seat) -> Result<Contract, ContractError> {
        let doubling = if self.is_sacrifice() {
            Doubling::Doubled
        } else {
            Doubling::Undoubled
        };
        Contract::new(self.level, self.strain, doubling, declarer)
    }

    /// The score of the declaring side.
    pub fn score(&self, vul: Vulnerability) -> i32 {
        let side = self.declarers.side();
        let seat = self.declarers.seats()[0];
        self.contract(seat)
            .map_or(0, |c| c.score(self.tricks(), vul.is_vulnerable(side)))
    }

    /// DDS `DealerPar`'s form: level, strain letter (`N` for notrump), `*` if doubled, `-`,
    /// the declarer(s), then `+overtricks` or `-undertricks` if any: `2S-EW`, `1S-EW+2`,
    /// `4S*-NS-1`, `5C*-W-2`.
    ///
    /// DDS 2.9 (which wrote the regression files) prints a same-strain sacrifice by a single
    /// seat as `4S*-W-1` too; DDS 3 drops its `*` (`4S-W-1`). This follows DDS 2.9.
    pub fn dealer_text(&self) -> String {
        let mut s = format!("{}{}", self.level, strain_letter(self.strain));
        if self.is_sacrifice() {
            s.push('*');
        }
        s.push('-');
        s.push_str(&self.declarers.to_string());
        match self.outcome {
            ParOutcome::Makes { overtricks: 0 } => {}
            ParOutcome::Makes { overtricks } => s.push_str(&format!("+{overtricks}")),
            ParOutcome::Sacrifice { undertricks } => s.push_str(&format!("-{undertricks}")),
        }
        s
    }

    /// The form a player reads (BridgeComposer's `[ParContract]`): the declarer(s) (`NS`,
    /// `EW`, or one seat), a space, the level, the strain (`NT` for notrump), `x` for a
    /// doubled sacrifice, then the tricks over (`+1`) or under (`-2`) the contract if any:
    /// `NS 4S`, `EW 4Sx-1`, `N 1NT+1`.
    pub fn text(&self) -> String {
        let strain = match self.strain {
            Strain::NoTrump => "NT".to_string(),
            s => s.letter().to_string(),
        };
        let (x, result) = match self.outcome {
            ParOutcome::Makes { overtricks: 0 } => ("", String::new()),
            ParOutcome::Makes { overtricks } => ("", format!("+{overtricks}")),
            ParOutcome::Sacrifice { undertricks } => ("x", format!("-{undertricks}")),
        };
        format!("{} {}{strain}{x}{result}", self.declarers, self.level)
    }

    /// DDS `Par`'s form: the declarer(s), a space, then every level the contract may be bid
    /// at and the strain letter (`NS 345N` for 3NT+2, 4NT+1 or 5NT), or for a sacrifice the
    /// level, the strain and `x` (`EW 5Dx`; the undertricks are not shown).
    pub fn sides_text(&self) -> String {
        let mut s = format!("{} ", self.declarers);
        for level in self.levels() {
            s.push(char::from(b'0' + level));
        }
        s.push(strain_letter(self.strain));
        if self.is_sacrifice() {
            s.push('x');
        }
        s
    }
}

fn strain_letter(strain: Strain) -> char {
    strain.letter()
}

/// Par for a dealer: DDS `DealerPar`. See [`dealer_par`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealerPar {
    /// The par score for North-South (East-West's is its negative). DDS documents it as the
    /// dealer's side's score, but computes and prints North-South's, as this does.
    pub score: i32,
    /// The par contracts; none if the deal is passed out.
    pub contracts: ParContracts,
}

impl DealerPar {
    /// Is the deal passed out (nobody makes anything)?
    pub fn is_passed_out(&self) -> bool {
        self.contracts.is_empty()
    }

    /// The strings of a DDS `PAR2` line: the score, then each contract in
    /// [`ParContract::dealer_text`] form, or `pass` if the deal is passed out.
    pub fn dds_strings(&self) -> Vec<String> {
        let mut out = vec![self.score.to_string()];
        if self.is_passed_out() {
            out.push("pass".to_string());
        }
        out.extend(self.contracts.iter().map(ParContract::dealer_text));
        out
    }
}

impl fmt::Display for DealerPar {
    /// `-110 2S-EW`: the score for North-South, then the contracts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dds_strings().join(" "))
    }
}

/// Par seen from one side: the result when that side has the first bid. See [`par`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SidePar {
    /// The side whose view this is.
    pub side: Side,
    /// The par score, for `side`.
    pub score: i32,
    /// The par contracts, in DDS's order of strains (NT, S, H, D, C); none if the deal is
    /// passed out.
    pub contracts: ParContracts,
}

impl SidePar {
    /// `NS -110`: the side and its score, as in a `PAR` line.
    pub fn score_text(&self) -> String {
        format!("{} {}", side_letters(self.side), self.score)
    }

    /// `NS:EW 2S` or `EW:NS 45S,NS 45H`: the side, a colon, then the contracts in
    /// [`ParContract::sides_text`] form separated by commas (nothing if passed out).
    pub fn contracts_text(&self) -> String {
        let list: Vec<String> = self.contracts.iter().map(ParContract::sides_text).collect();
        format!("{}:{}", side_letters(self.side), list.join(","))
    }
}

fn side_letters(side: Side) -> &'static str {
    match side {
        Side::NorthSouth => "NS",
        Side::EastWest => "EW",
    }
}

/// Par for both sides: DDS `Par`. See [`par`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    /// North-South's view: North-South bid first.
    pub ns: SidePar,
    /// East-West's view: East-West bid first.
    pub ew: SidePar,
}

impl Par {
    /// The four strings of a DDS `PAR` line: `NS -110`, `EW 110`, `NS:EW 2S`, `EW:EW 2S`.
    pub fn dds_strings(&self) -> [String; 4] {
        [
            self.ns.score_text(),
            self.ew.score_text(),
            self.ns.contracts_text(),
            self.ew.contracts_text(),
        ]
    }

    /// Are the two views the same? They differ only in "hot" deals where whoever bids
    /// first gets the better of it.
    pub fn views_agree(&self) -> bool {
        self.ns.score == -self.ew.score && self.ns.contracts == self.ew.contracts
    }
}

impl fmt::Display for Par {
    /// The four strings of [`Par::dds_strings`], quoted as in a `PAR` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.dds_strings().map(|s| format!("{s:?}"));
        f.write_str(&s.join(" "))
    }
}

/// Par with `dealer` dealing: DDS `DealerPar`.
///
/// The bidding order runs clockwise from the dealer, which matters only when both sides want
/// the same bid: the first seat that can bid it gets it (see the crate docs for the
/// analysis). The score is North-South's. The contracts are, for a making par, every strain
/// in which the side with primacy scores par, ordered by its highest making contract in the
/// strain, highest first (`5C-EW` before `3N-EW`), each at its lowest safe level with
/// overtricks (`1S-EW+2`); for a sacrifice, every cheapest sacrifice against the highest
/// contract it pays to sacrifice against, in the order clubs, diamonds, hearts, spades,
/// notrump (`3C*-EW-1`, `2N*-EW-1`).
///
/// This matches DDS on every `PAR2` line of list1000.txt and, by a comparison with DDS 3.4's
/// `DealerPar`, on every table tried, including uniformly random ones.
pub fn dealer_par(table: &DdTable, dealer: Seat, vul: Vulnerability) -> DealerPar {
    let order = [0, 1, 2, 3].map(|i| dealer.offset(i));
    let Found {
        ns_score,
        contracts,
    } = Auction::new(table, vul, order, Preempt::Always).find();
    DealerPar {
        score: ns_score,
        contracts,
    }
}

/// Dealer par for each side as dealer: DDS `SidesPar`.
///
/// For each side, [`dealer_par`] with that side dealing, the better for it of its two seats
/// dealing (the first seat, North or East, on a tie), with the score from that side's view:
/// `[north_south, east_west]`.
///
/// ```
/// use ddsolve_par::{sides_par, DdTable, Vulnerability};
///
/// let table = DdTable::from_dds_order([
///     5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6,
/// ])?;
/// let [ns, ew] = sides_par(&table, Vulnerability::None);
/// assert_eq!((ns.score, ew.score), (-110, 110));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sides_par(table: &DdTable, vul: Vulnerability) -> [DealerPar; 2] {
    let best = |side: Side| {
        let (a, b) = side.seats();
        let (pa, pb) = (dealer_par(table, a, vul), dealer_par(table, b, vul));
        let sign = if side == Side::NorthSouth { 1 } else { -1 };
        let mut p = if sign * pb.score > sign * pa.score {
            pb
        } else {
            pa
        };
        p.score *= sign;
        p
    };
    [best(Side::NorthSouth), best(Side::EastWest)]
}

/// Par seen from each side: DDS `Par`.
///
/// Each side's view is the par when that side bids first: its seats come before the
/// other side's in the bidding order, so it wins a tie for the highest contract. The two
/// views differ only on "hot" deals (`NS 90` and `EW 90` when either side makes 1NT).
///
/// DDS's `Par` is a different program from its `DealerPar` (Matthew Kidd's algorithm); its
/// conventions, followed here:
///
/// - A side may sacrifice in the strain of the other side's contract at the same level (by
///   bidding it first) only when choosing the lowest level of a making par contract: a
///   contract that the viewing side could pre-empt cheaply is shown at a higher level, but
///   the par score and the sacrifices count same-strain sacrifices one level up.
/// - The contracts are listed one strain at a time: the first par contract (for sacrifices,
///   the one in the strain where the sacrificing side takes the most tricks, then in the
///   order NT, S, H, D, C), then par again with that strain removed from the table for both
///   sides, and so on while the par score stays the same. A sacrifice in the strain of the
///   contract it is against therefore removes that contract and is listed alone.
/// - A making contract shows every level it may be bid at (`NS 45S` for 4S+1 or 5S); a
///   sacrifice shows its level and `x`, not its undertricks. Contracts are in the order NT,
///   S, H, D, C.
///
/// This matches DDS on every `PAR` line of list1000.txt and, by a comparison with DDS 3.4's
/// `Par`, on the tables of real deals and of near-real synthetic tables. On tables that no
/// deal produces (e.g. both sides taking ten tricks in the same suit) DDS's `Par`, which
/// bids greedily, can differ; this keeps the par of the definition.
pub fn par(table: &DdTable, vul: Vulnerability) -> Par {
    let view = |side: Side| {
        let order = match side {
            Side::NorthSouth => [Seat::North, Seat::South, Seat::East, Seat::West],
            Side::EastWest => [Seat::East, Seat::West, Seat::North, Seat::South],
        };
        let auction = |removed: &[Strain]| {
            removed.iter().fold(
                Auction::new(table, vul, order, Preempt::WhenLowering),
                |a, &strain| a.without(strain),
            )
        };
        let ns_score = auction(&[]).find().ns_score;
        // DDS's listing: take the first par contract, remove its strain for both sides, and
        // again while the par score stays the same.
        let mut removed: ArrayVec<Strain, 5> = ArrayVec::new();
        let mut contracts = ParContracts::new();
        while ns_score != 0 && removed.len() < Strain::ALL.len() {
            let run = auction(&removed).find();
            if run.ns_score != ns_score {
                break;
            }
            let Some(first) = run.contracts.iter().copied().min_by_key(|c| {
                // Sacrifices: the strain with the most tricks first; then DDS's strain order.
                let tricks = if c.is_sacrifice() {
                    table.side_tricks(c.declarers.side(), c.strain)
                } else {
                    0
                };
                (std::cmp::Reverse(tricks), std::cmp::Reverse(rank(c.strain)))
            }) else {
                break;
            };
            removed.push(first.strain);
            contracts.push(first);
        }
        contracts.sort_by_key(|c| std::cmp::Reverse(rank(c.strain)));
        SidePar {
            side,
            score: if side == Side::NorthSouth {
                ns_score
            } else {
                -ns_score
            },
            contracts,
        }
    };
    Par {
        ns: view(Side::NorthSouth),
        ew: view(Side::EastWest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(t: [u8; 20]) -> DdTable {
        DdTable::from_dds_order(t).unwrap()
    }

    fn dealer(t: [u8; 20], seat: Seat, vul: Vulnerability) -> Vec<String> {
        dealer_par(&table(t), seat, vul).dds_strings()
    }

    fn sides(t: [u8; 20], vul: Vulnerability) -> [String; 4] {
        par(&table(t), vul).dds_strings()
    }

    // The expected strings below are what DDS 3.4 returns for the same tables (checked by
    // running DDS on them; the list1000 test covers DDS 2.9's file).

    #[test]
    fn a_part_score_with_overtricks() {
        // list1000: EW make 9 tricks in spades; NS have nothing to sacrifice in cheaply.
        let t = [4, 9, 4, 9, 6, 7, 6, 7, 5, 8, 5, 8, 5, 7, 5, 7, 5, 8, 5, 8];
        let p = par(&table(t), Vulnerability::None);
        assert_eq!(
            p.dds_strings(),
            ["NS -140", "EW 140", "NS:EW 123S", "EW:EW 123S"]
        );
        assert!(p.views_agree());
        let c = p.ns.contracts[0];
        assert_eq!(c.levels(), 1..=3);
        assert_eq!(c.tricks(), 9);
        assert_eq!(c.score(Vulnerability::None), 140);
        let d = dealer_par(&table(t), Seat::North, Vulnerability::None);
        assert_eq!(d.dds_strings(), ["-140", "1S-EW+2"]);
        assert_eq!(d.contracts, p.ns.contracts);
        assert_eq!(d.to_string(), "-140 1S-EW+2");
    }

    #[test]
    fn sacrifices_in_two_strains() {
        // list1000: EW make 4S (10 tricks); NS go two down in 5H or 5D for less.
        let t = [
            3, 10, 3, 10, 9, 4, 9, 4, 9, 4, 9, 4, 2, 10, 2, 10, 3, 4, 3, 4,
        ];
        let vul = Vulnerability::EastWest;
        assert_eq!(
            sides(t, vul),
            ["NS -300", "EW 300", "NS:NS 5Hx,NS 5Dx", "EW:NS 5Hx,NS 5Dx"]
        );
        // DealerPar lists sacrifices clubs first, Par in DDS's order (NT, S, H, D, C).
        let d = dealer_par(&table(t), Seat::West, vul);
        assert_eq!(d.dds_strings(), ["-300", "5D*-NS-2", "5H*-NS-2"]);
        let c = d.contracts[0];
        assert!(c.is_sacrifice());
        assert_eq!(c.score(vul), -300);
        assert_eq!(c.contract(Seat::North).unwrap().to_string(), "5Dx by N");
    }

    #[test]
    fn passed_out() {
        let t = [6; 20];
        assert_eq!(
            sides(t, Vulnerability::Both),
            ["NS 0", "EW 0", "NS:", "EW:"]
        );
        let d = dealer_par(&table(t), Seat::East, Vulnerability::Both);
        assert!(d.is_passed_out());
        assert_eq!(d.dds_strings(), ["0", "pass"]);
    }

    #[test]
    fn a_hot_deal_goes_to_the_side_that_bids_first() {
        // Every seat takes 7 tricks in notrump and 6 in suits: whoever bids 1NT first.
        let mut t = [6; 20];
        t[16..].fill(7);
        let p = par(&table(t), Vulnerability::None);
        assert_eq!(p.dds_strings(), ["NS 90", "EW 90", "NS:NS 1N", "EW:EW 1N"]);
        assert!(!p.views_agree());
        assert_eq!(dealer(t, Seat::South, Vulnerability::None), ["90", "1N-NS"]);
        assert_eq!(dealer(t, Seat::West, Vulnerability::None), ["-90", "1N-EW"]);
    }

    #[test]
    fn a_tie_goes_to_the_first_seat_that_can_bid_it() {
        // North and East (only) take 7 tricks in spades.
        let mut t = [6; 20];
        t[0] = 7;
        t[1] = 7;
        // West deals: North bids before East.
        assert_eq!(dealer(t, Seat::West, Vulnerability::None), ["80", "1S-N"]);
        assert_eq!(dealer(t, Seat::East, Vulnerability::None), ["-80", "1S-E"]);
        assert_eq!(
            sides(t, Vulnerability::None),
            ["NS 80", "EW 80", "NS:N 1S", "EW:E 1S"]
        );
    }

    /// West makes 3NT (9 tricks); North takes 7 in notrump, South 6.
    const NT_PREEMPT: [u8; 20] = [6, 6, 6, 4, 7, 6, 7, 4, 3, 9, 3, 8, 3, 10, 4, 8, 7, 7, 6, 9];

    #[test]
    fn a_seat_before_the_declarer_may_sacrifice_in_its_strain_at_the_same_level() {
        let vul = Vulnerability::None;
        // North deals and bids 3NT before West can: two down, 300 instead of 400.
        assert_eq!(dealer(NT_PREEMPT, Seat::North, vul), ["-300", "3N*-N-2"]);
        // East deals: West bids 3NT before North, who would need 4NT, three down.
        assert_eq!(dealer(NT_PREEMPT, Seat::East, vul), ["-400", "3N-W"]);
        // Par does not let the side that bids first pre-empt when valuing contracts.
        assert_eq!(
            sides(NT_PREEMPT, vul),
            ["NS -400", "EW 400", "NS:W 3N", "EW:W 3N"]
        );
        // East-West vulnerable: three down (500) beats 3NT (600). Only South, bidding before
        // West, may sacrifice in 3NT itself; North needs 4NT.
        let vul = Vulnerability::EastWest;
        assert_eq!(
            dealer(NT_PREEMPT, Seat::East, vul),
            ["-500", "4H*-NS-3", "3N*-S-3"]
        );
        assert_eq!(
            dealer(NT_PREEMPT, Seat::West, vul),
            ["-500", "4H*-NS-3", "4N*-N-3"]
        );
    }

    #[test]
    fn par_lists_a_sacrifice_in_the_declarers_strain_alone() {
        // South makes 3NT; West sacrifices two down in 4S or 4NT.
        let t = [5, 7, 5, 8, 9, 4, 8, 3, 6, 7, 8, 6, 6, 7, 8, 5, 7, 6, 9, 8];
        let vul = Vulnerability::None;
        assert_eq!(dealer(t, Seat::North, vul), ["300", "4S*-W-2", "4N*-W-2"]);
        // DDS's Par finds 4NT first; removing notrump removes 3NT too, which ends the list.
        assert_eq!(sides(t, vul), ["NS 300", "EW -300", "NS:W 4Nx", "EW:W 4Nx"]);
    }

    #[test]
    fn dds_limits_same_strain_sacrifices_by_the_better_declarer() {
        // East makes 7NT; North (10 tricks) could bid 7NT first as dealer, three down, but
        // DDS checks the limit of 7NT at South's level (12 tricks, after East: 8NT).
        let t = [
            12, 9, 9, 4, 1, 10, 0, 5, 8, 9, 4, 5, 0, 0, 5, 3, 10, 13, 12, 3,
        ];
        let vul = Vulnerability::None;
        assert_eq!(dealer(t, Seat::North, vul), ["-1520", "7N-E"]);
        // South deals: South bids 7NT first, one down.
        assert_eq!(dealer(t, Seat::South, vul), ["-100", "7N*-S-1"]);
    }

    #[test]
    fn texts() {
        let c = ParContract {
            level: 3,
            strain: Strain::NoTrump,
            declarers: Declarers::Side(Side::EastWest),
            outcome: ParOutcome::Makes { overtricks: 2 },
        };
        assert_eq!(c.dealer_text(), "3N-EW+2");
        assert_eq!(c.sides_text(), "EW 345N");
        let s = ParContract {
            level: 5,
            strain: Strain::Diamonds,
            declarers: Declarers::Seat(Seat::South),
            outcome: ParOutcome::Sacrifice { undertricks: 2 },
        };
        assert_eq!(s.dealer_text(), "5D*-S-2");
        assert_eq!(s.sides_text(), "S 5Dx");
        assert_eq!(s.levels(), 5..=5);
        assert_eq!(s.declarers.seats(), [Seat::South]);
        assert_eq!(
            Declarers::Side(Side::NorthSouth).seats(),
            [Seat::North, Seat::South]
        );
    }
}
