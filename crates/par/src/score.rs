//! Contract scoring, per the Laws of Duplicate Bridge (2017), Law 77.

use ddsolve_cards::{Seat, Strain};
use std::fmt;
use thiserror::Error;

/// Whether a contract is doubled or redoubled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Doubling {
    /// Neither doubled nor redoubled.
    #[default]
    Undoubled,
    /// Doubled (`x`).
    Doubled,
    /// Redoubled (`xx`).
    Redoubled,
}

impl Doubling {
    /// What trick points, the insult and undertricks are multiplied by: 1, 2 or 4 (trick
    /// points), and the suffix `""`, `"x"` or `"xx"`.
    const fn factor(self) -> i32 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }

    /// `""`, `"x"` or `"xx"`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "x",
            Doubling::Redoubled => "xx",
        }
    }
}

/// Why a contract could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContractError {
    /// The level is not 1..=7.
    #[error("contract level {0} is not 1..=7")]
    Level(u8),
}

/// A final contract: level, strain, doubling and declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    level: u8,
    strain: Strain,
    doubling: Doubling,
    declarer: Seat,
}

impl Contract {
    /// The contract of `level` (1..=7) in `strain`, doubled or not, played by `declarer`.
    pub const fn new(
        level: u8,
        strain: Strain,
        doubling: Doubling,
        declarer: Seat,
    ) -> Result<Contract, ContractError> {
        if level < 1 || level > 7 {
            return Err(ContractError::Level(level));
        }
        Ok(Contract {
            level,
            strain,
            doubling,
            declarer,
        })
    }

    /// The level, 1..=7.
    pub const fn level(&self) -> u8 {
        self.level
    }

    /// The strain.
    pub const fn strain(&self) -> Strain {
        self.strain
    }

    /// Doubled or not.
    pub const fn doubling(&self) -> Doubling {
        self.doubling
    }

    /// The declarer.
    pub const fn declarer(&self) -> Seat {
        self.declarer
    }

    /// The tricks declarer needs: the level plus six.
    pub const fn tricks_needed(&self) -> u8 {
        self.level + 6
    }

    /// The score of the declarer's side when declarer takes `tricks_taken` tricks; see
    /// [`score`].
    pub fn score(&self, tricks_taken: u8, vulnerable: bool) -> i32 {
        score(self, tricks_taken, vulnerable)
    }
}

impl fmt::Display for Contract {
    /// `4S by N`, `3NTx by E`, `6Cxx by W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{} by {}",
            self.level,
            self.strain,
            self.doubling.suffix(),
            self.declarer
        )
    }
}

/// The score of the declarer's side (negative when the contract fails) when declarer takes
/// `tricks_taken` tricks, declarer's side being vulnerable or not, per Law 77:
///
/// - trick points for each trick bid and made: 20 in a minor, 30 in a major, 40 for the first
///   in notrump and 30 for each other; doubled ×2, redoubled ×4;
/// - a game bonus when the trick points (after doubling) reach 100: 300 not vulnerable, 500
///   vulnerable; otherwise a part-score bonus of 50;
/// - slam bonuses: small 500/750, grand 1000/1500 (not vulnerable/vulnerable);
/// - for making a doubled contract 50, a redoubled one 100;
/// - each overtrick: undoubled its trick value (notrump 30); doubled 100/200, redoubled
///   200/400;
/// - undertricks: undoubled 50/100 each; doubled not vulnerable 100 for the first, 200 for
///   the second and third, 300 for each after; doubled vulnerable 200 for the first, 300
///   each after; redoubled twice the doubled penalty.
///
/// # Panics
/// If `tricks_taken` is over 13.
pub fn score(contract: &Contract, tricks_taken: u8, vulnerable: bool) -> i32 {
    assert!(
        tricks_taken <= 13,
        "{tricks_taken} tricks taken: at most 13"
    );
    let needed = contract.tricks_needed();
    let factor = contract.doubling.factor();
    if tricks_taken >= needed {
        let level = i32::from(contract.level);
        let (first, rest) = match contract.strain {
            Strain::Clubs | Strain::Diamonds => (20, 20),
            Strain::Hearts | Strain::Spades => (30, 30),
            Strain::NoTrump => (40, 30),
        };
        let trick_points = (first + rest * (level - 1)) * factor;
        let mut total = trick_points;
        total += match (trick_points >= 100, vulnerable) {
            (true, false) => 300,
            (true, true) => 500,
            (false, _) => 50,
        };
        total += match (contract.level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        let over = i32::from(tricks_taken - needed);
        total += match contract.doubling {
            Doubling::Undoubled => over * rest,
            Doubling::Doubled => 50 + over * if vulnerable { 200 } else { 100 },
            Doubling::Redoubled => 100 + over * if vulnerable { 400 } else { 200 },
        };
        total
    } else {
        -undertrick_penalty(needed - tricks_taken, contract.doubling, vulnerable)
    }
}

/// The penalty (positive) for `down` undertricks.
pub(crate) fn undertrick_penalty(down: u8, doubling: Doubling, vulnerable: bool) -> i32 {
    let down = i32::from(down);
    if down == 0 {
        return 0;
    }
    let doubled = if vulnerable {
        200 + 300 * (down - 1)
    } else {
        // 100, then 200 for the second and third, then 300 each.
        match down {
            1 => 100,
            2 | 3 => 100 + 200 * (down - 1),
            _ => 500 + 300 * (down - 3),
        }
    };
    match doubling {
        Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
        Doubling::Doubled => doubled,
        Doubling::Redoubled => 2 * doubled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Doubling::*;

    /// The score of `level strain doubling` by North with `tricks` tricks.
    fn s(level: u8, strain: Strain, doubling: Doubling, tricks: u8, vul: bool) -> i32 {
        Contract::new(level, strain, doubling, Seat::North)
            .unwrap()
            .score(tricks, vul)
    }

    use Strain::{Clubs as C, Diamonds as D, Hearts as H, NoTrump as N, Spades as S};

    #[test]
    fn undoubled_making_contracts() {
        // Part scores: trick points + 50.
        assert_eq!(s(1, C, Undoubled, 7, false), 70);
        assert_eq!(s(2, C, Undoubled, 8, true), 90);
        assert_eq!(s(2, C, Undoubled, 9, false), 110);
        assert_eq!(s(1, N, Undoubled, 7, false), 90);
        assert_eq!(s(2, N, Undoubled, 8, false), 120);
        assert_eq!(s(2, S, Undoubled, 8, false), 110);
        assert_eq!(s(3, H, Undoubled, 9, true), 140);
        assert_eq!(s(4, D, Undoubled, 10, false), 130);
        assert_eq!(s(1, N, Undoubled, 10, false), 180);
        // Games.
        assert_eq!(s(3, N, Undoubled, 9, false), 400);
        assert_eq!(s(3, N, Undoubled, 9, true), 600);
        assert_eq!(s(3, N, Undoubled, 11, false), 460);
        assert_eq!(s(4, S, Undoubled, 10, false), 420);
        assert_eq!(s(4, S, Undoubled, 11, true), 650);
        assert_eq!(s(5, D, Undoubled, 11, false), 400);
        assert_eq!(s(5, C, Undoubled, 12, true), 620);
        // Slams.
        assert_eq!(s(6, N, Undoubled, 12, true), 1440);
        assert_eq!(s(6, N, Undoubled, 12, false), 990);
        assert_eq!(s(6, S, Undoubled, 13, false), 1010);
        assert_eq!(s(6, D, Undoubled, 12, true), 1370);
        assert_eq!(s(7, N, Undoubled, 13, true), 2220);
        assert_eq!(s(7, C, Undoubled, 13, false), 1440);
        assert_eq!(s(7, H, Undoubled, 13, true), 2210);
    }

    #[test]
    fn doubled_and_redoubled_making_contracts() {
        // 1Cx=: 40 trick points, part score 50, insult 50.
        assert_eq!(s(1, C, Doubled, 7, false), 140);
        assert_eq!(s(1, C, Doubled, 8, false), 240);
        assert_eq!(s(1, C, Doubled, 8, true), 340);
        assert_eq!(s(2, D, Doubled, 8, true), 180);
        // 2Hx=: 120 trick points make game.
        assert_eq!(s(2, H, Doubled, 8, false), 470);
        assert_eq!(s(2, H, Doubled, 8, true), 670);
        // 2Hxx=: 240 trick points, game, insult 100.
        assert_eq!(s(2, H, Redoubled, 8, true), 840);
        assert_eq!(s(2, H, Redoubled, 8, false), 640);
        assert_eq!(s(1, N, Redoubled, 7, false), 560);
        assert_eq!(s(1, N, Redoubled, 8, true), 1160);
        assert_eq!(s(4, H, Doubled, 10, false), 590);
        assert_eq!(s(4, S, Doubled, 11, true), 990);
        assert_eq!(s(3, N, Doubled, 9, true), 750);
        assert_eq!(s(6, C, Redoubled, 12, true), 1830);
        assert_eq!(s(7, N, Redoubled, 13, true), 2980);
    }

    #[test]
    fn undertricks() {
        assert_eq!(s(1, N, Undoubled, 6, false), -50);
        assert_eq!(s(1, N, Undoubled, 6, true), -100);
        assert_eq!(s(3, N, Undoubled, 7, true), -200);
        assert_eq!(s(7, S, Undoubled, 0, false), -650);
        // Doubled, not vulnerable: 100, 300, 500, 800, then +300.
        let nv: Vec<i32> = (1..=7).map(|d| s(7, C, Doubled, 13 - d, false)).collect();
        assert_eq!(nv, [-100, -300, -500, -800, -1100, -1400, -1700]);
        // Doubled, vulnerable: 200, 500, 800, then +300.
        let v: Vec<i32> = (1..=4).map(|d| s(7, C, Doubled, 13 - d, true)).collect();
        assert_eq!(v, [-200, -500, -800, -1100]);
        assert_eq!(s(4, S, Doubled, 7, false), -500);
        assert_eq!(s(4, S, Doubled, 7, true), -800);
        // Redoubled: twice the doubled penalty.
        assert_eq!(s(7, S, Redoubled, 12, false), -200);
        assert_eq!(s(7, S, Redoubled, 12, true), -400);
        assert_eq!(s(5, D, Redoubled, 7, false), -1600);
        assert_eq!(s(3, H, Redoubled, 7, true), -1000);
        assert_eq!(s(7, N, Redoubled, 0, true), -7600);
        assert_eq!(s(7, N, Redoubled, 0, false), -7000);
        assert_eq!(s(7, N, Doubled, 0, false), -3500);
    }

    #[test]
    fn contracts_are_checked_and_shown() {
        assert_eq!(
            Contract::new(0, N, Undoubled, Seat::East),
            Err(ContractError::Level(0))
        );
        assert!(Contract::new(8, N, Undoubled, Seat::East).is_err());
        let c = Contract::new(3, N, Doubled, Seat::East).unwrap();
        assert_eq!(c.to_string(), "3NTx by E");
        assert_eq!(c.tricks_needed(), 9);
    }

    #[test]
    #[should_panic(expected = "at most 13")]
    fn fourteen_tricks_panic() {
        s(1, C, Undoubled, 14, false);
    }
}
