//! Duplicate scoring as dealer's `score` and `imps` compute it: a contract's score for the
//! tricks declarer takes, and a score difference in IMPs.
//!
//! dealer's `score(vul, x3N, tricks)` is the score of an undoubled contract; we also score
//! doubled and redoubled contracts (the usual duplicate scale: insult, doubled overtricks
//! and the undertricks' steps). Like dealer, any number of tricks is scored, even outside
//! 0 to 13 (each trick more or less counts as an overtrick or an undertrick).
//!
//! ```
//! use ddsolve::Strain;
//! use ddsolve_deal::scoring::{imps, score, Contract, Doubled};
//!
//! let three_nt = Contract::new(3, Strain::NoTrump, Doubled::No).unwrap();
//! assert_eq!(score(true, three_nt, 9), 600);
//! assert_eq!(score(false, three_nt, 8), -50);
//! assert_eq!(imps(600 - 170), 10);
//! assert_eq!(imps(-50), -2);
//! ```

use ddsolve::Strain;
use std::fmt;

/// Whether a contract is doubled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Doubled {
    /// Undoubled (all dealer itself scores).
    #[default]
    No,
    /// Doubled (`x3Nx`).
    Doubled,
    /// Redoubled (`x3Nxx`).
    Redoubled,
}

impl Doubled {
    /// 1, 2 or 4: the factor of the trick score.
    fn factor(self) -> i32 {
        match self {
            Doubled::No => 1,
            Doubled::Doubled => 2,
            Doubled::Redoubled => 4,
        }
    }
}

/// A contract: a level from 1 to 7, a strain, doubled or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    level: u8,
    strain: Strain,
    doubled: Doubled,
}

impl Contract {
    /// The contract, `None` unless `level` is 1 to 7.
    pub fn new(level: u8, strain: Strain, doubled: Doubled) -> Option<Contract> {
        (1..=7).contains(&level).then_some(Contract {
            level,
            strain,
            doubled,
        })
    }

    /// The level, 1 to 7.
    pub fn level(self) -> u8 {
        self.level
    }

    /// The strain.
    pub fn strain(self) -> Strain {
        self.strain
    }

    /// Doubled or not.
    pub fn doubled(self) -> Doubled {
        self.doubled
    }

    /// The contract of dealer's token: `x`, a level, a strain letter (`C D H S N`, either
    /// case), then `x` for doubled or `xx` for redoubled: `x3N`, `x4Sx`, `x6Cxx`. `None` if
    /// `token` is not one.
    pub fn from_dealer_token(token: &str) -> Option<Contract> {
        let rest = token.strip_prefix(['x', 'X'])?;
        let mut chars = rest.chars();
        let level = chars.next()?.to_digit(10)? as u8;
        let strain = match chars.next()?.to_ascii_uppercase() {
            'C' => Strain::Clubs,
            'D' => Strain::Diamonds,
            'H' => Strain::Hearts,
            'S' => Strain::Spades,
            'N' => Strain::NoTrump,
            _ => return None,
        };
        let doubled = match chars.as_str() {
            "" => Doubled::No,
            "x" | "X" => Doubled::Doubled,
            "xx" | "XX" => Doubled::Redoubled,
            _ => return None,
        };
        Contract::new(level, strain, doubled)
    }
}

impl fmt::Display for Contract {
    /// dealer's token: `x3N`, `x4Sx`, `x6Cxx`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let doubled = match self.doubled {
            Doubled::No => "",
            Doubled::Doubled => "x",
            Doubled::Redoubled => "xx",
        };
        write!(f, "x{}{}{}", self.level, self.strain.letter(), doubled)
    }
}

/// The score of declarer's side when `contract` is played at vulnerability `vulnerable` and
/// declarer takes `tricks`: positive when it makes, negative when it goes down.
pub fn score(vulnerable: bool, contract: Contract, tricks: i32) -> i32 {
    let level = i32::from(contract.level);
    let factor = contract.doubled.factor();
    let needed = level + 6;
    if tricks < needed {
        let down = needed - tricks;
        return -undertricks(vulnerable, contract.doubled, down);
    }
    let over = tricks - needed;
    let (first, each) = match contract.strain {
        Strain::NoTrump => (40, 30),
        Strain::Spades | Strain::Hearts => (30, 30),
        Strain::Diamonds | Strain::Clubs => (20, 20),
    };
    let trick_score = (first + each * (level - 1)) * factor;
    let mut total = trick_score;
    total += match (trick_score >= 100, vulnerable) {
        (false, _) => 50,
        (true, false) => 300,
        (true, true) => 500,
    };
    total += match (level, vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    total += match contract.doubled {
        Doubled::No => each * over,
        Doubled::Doubled => 50 + over * if vulnerable { 200 } else { 100 },
        Doubled::Redoubled => 100 + over * if vulnerable { 400 } else { 200 },
    };
    total
}

/// The penalty for `down` undertricks (at least 1).
fn undertricks(vulnerable: bool, doubled: Doubled, down: i32) -> i32 {
    match (doubled, vulnerable) {
        (Doubled::No, false) => 50 * down,
        (Doubled::No, true) => 100 * down,
        // Doubled, not vulnerable: 100, then 200 each for the second and third, then 300.
        (Doubled::Doubled, false) => match down {
            1 => 100,
            2 | 3 => 100 + 200 * (down - 1),
            _ => 500 + 300 * (down - 3),
        },
        // Doubled, vulnerable: 200, then 300 each.
        (Doubled::Doubled, true) => 200 + 300 * (down - 1),
        (Doubled::Redoubled, v) => 2 * undertricks(v, Doubled::Doubled, down),
    }
}

/// The IMP scale's upper bounds: a difference of at most `IMP_BOUNDS[k]` (in absolute value)
/// and more than the bound before is worth `k` IMPs; above the last, 24.
const IMP_BOUNDS: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
];

/// A score difference in IMPs, with the difference's sign (dealer's `imps`).
pub fn imps(difference: i32) -> i32 {
    let magnitude = difference.unsigned_abs();
    let k = IMP_BOUNDS.partition_point(|&b| (b as u32) < magnitude) as i32;
    if difference < 0 {
        -k
    } else {
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(token: &str) -> Contract {
        Contract::from_dealer_token(token).unwrap()
    }

    /// Tricks 0, 1, 5, 7, 8, 9, 10, 11, 12, 13, as the rows below list them.
    const TRICKS: [i32; 10] = [0, 1, 5, 7, 8, 9, 10, 11, 12, 13];

    /// Debian's `dealer` printing `average score(vul|nv, CONTRACT, TRICKS)`, for these tricks.
    #[test]
    fn undoubled_scores_are_dealers() {
        let rows: [(&str, bool, [i32; 10]); 13] = [
            (
                "x3N",
                true,
                [-900, -800, -400, -200, -100, 600, 630, 660, 690, 720],
            ),
            (
                "x4S",
                true,
                [-1000, -900, -500, -300, -200, -100, 620, 650, 680, 710],
            ),
            (
                "x7C",
                true,
                [-1300, -1200, -800, -600, -500, -400, -300, -200, -100, 2140],
            ),
            (
                "x1D",
                true,
                [-700, -600, -200, 70, 90, 110, 130, 150, 170, 190],
            ),
            (
                "x6H",
                true,
                [-1200, -1100, -700, -500, -400, -300, -200, -100, 1430, 1460],
            ),
            (
                "x3N",
                false,
                [-450, -400, -200, -100, -50, 400, 430, 460, 490, 520],
            ),
            (
                "x4S",
                false,
                [-500, -450, -250, -150, -100, -50, 420, 450, 480, 510],
            ),
            (
                "x7C",
                false,
                [-650, -600, -400, -300, -250, -200, -150, -100, -50, 1440],
            ),
            (
                "x1D",
                false,
                [-350, -300, -100, 70, 90, 110, 130, 150, 170, 190],
            ),
            (
                "x6H",
                false,
                [-600, -550, -350, -250, -200, -150, -100, -50, 980, 1010],
            ),
            (
                "x7N",
                false,
                [-650, -600, -400, -300, -250, -200, -150, -100, -50, 1520],
            ),
            (
                "x2H",
                false,
                [-400, -350, -150, -50, 110, 140, 170, 200, 230, 260],
            ),
            (
                "x5D",
                false,
                [-550, -500, -300, -200, -150, -100, -50, 400, 420, 440],
            ),
        ];
        for (token, vul, want) in rows {
            for (&t, &w) in TRICKS.iter().zip(&want) {
                assert_eq!(score(vul, c(token), t), w, "{token} vul {vul} tricks {t}");
            }
        }
        // Beyond 0..13, as dealer: 14 and 20 tricks, -1 and -5.
        assert_eq!(score(true, c("x3N"), 14), 750);
        assert_eq!(score(false, c("x1C"), 20), 330);
        assert_eq!(score(true, c("x3N"), -1), -1000);
        assert_eq!(score(false, c("x1C"), -5), -600);
    }

    #[test]
    fn doubled_and_redoubled_by_hand() {
        // 1Cx making: 40, insult 50, part score 50.
        assert_eq!(score(false, c("x1Cx"), 7), 140);
        // 2Hx making: 120, game: 300 + 50 = 470; vulnerable 670.
        assert_eq!(score(false, c("x2Hx"), 8), 470);
        assert_eq!(score(true, c("x2Hx"), 8), 670);
        // 4Sx+1 vulnerable: 240 + 500 + 50 + 200 = 990.
        assert_eq!(score(true, c("x4Sx"), 11), 990);
        // 1Nxx+1 not vulnerable: 160 + 300 + 100 + 200 = 760.
        assert_eq!(score(false, c("x1Nxx"), 8), 760);
        // 7Nxx vulnerable: 880 + 500 + 1500 + 100 = 2980.
        assert_eq!(score(true, c("x7Nxx"), 13), 2980);
        // Down, doubled not vulnerable: 100, 300, 500, 800, 1100.
        let nv: Vec<i32> = (1..=5).map(|d| -score(false, c("x4Sx"), 10 - d)).collect();
        assert_eq!(nv, [100, 300, 500, 800, 1100]);
        // Doubled vulnerable: 200, 500, 800, 1100.
        let v: Vec<i32> = (1..=4).map(|d| -score(true, c("x4Sx"), 10 - d)).collect();
        assert_eq!(v, [200, 500, 800, 1100]);
        // Redoubled: twice doubled.
        assert_eq!(score(false, c("x4Sxx"), 6), -1600);
        assert_eq!(score(true, c("x4Sxx"), 8), -1000);
    }

    #[test]
    fn tokens() {
        assert_eq!(c("x3N").to_string(), "x3N");
        assert_eq!(
            c("x4sx"),
            Contract::new(4, Strain::Spades, Doubled::Doubled).unwrap()
        );
        assert_eq!(c("x6Cxx").doubled(), Doubled::Redoubled);
        assert_eq!(c("x7H").level(), 7);
        assert_eq!(c("x7H").strain(), Strain::Hearts);
        for bad in ["3N", "x0N", "x8S", "x3", "x3Z", "x3Nxxx", "x3Ny", ""] {
            assert_eq!(Contract::from_dealer_token(bad), None, "{bad}");
        }
    }

    /// Debian's `dealer` printing `average imps(D)` at each bound and one above.
    #[test]
    fn imps_are_dealers() {
        let pairs = [
            (0, 0),
            (10, 0),
            (11, 1),
            (19, 1),
            (40, 1),
            (41, 2),
            (80, 2),
            (81, 3),
            (120, 3),
            (121, 4),
            (160, 4),
            (161, 5),
            (210, 5),
            (211, 6),
            (260, 6),
            (261, 7),
            (310, 7),
            (311, 8),
            (360, 8),
            (361, 9),
            (410, 9),
            (411, 10),
            (490, 10),
            (491, 11),
            (590, 11),
            (591, 12),
            (740, 12),
            (741, 13),
            (890, 13),
            (891, 14),
            (1090, 14),
            (1091, 15),
            (1190, 15),
            (1191, 16),
            (1490, 16),
            (1491, 17),
            (1740, 17),
            (1741, 18),
            (1990, 18),
            (1991, 19),
            (2240, 19),
            (2241, 20),
            (2490, 20),
            (2491, 21),
            (2990, 21),
            (2991, 22),
            (3490, 22),
            (3491, 23),
            (3990, 23),
            (3991, 24),
            (5000, 24),
        ];
        for (d, want) in pairs {
            assert_eq!(imps(d), want, "{d}");
            assert_eq!(imps(-d), -want, "-{d}");
        }
        assert_eq!(imps(-3000), -22);
        assert_eq!(imps(-45), -2);
        assert_eq!(imps(i32::MIN), -24);
    }

    /// The evaluator's `score` and `imps` (`crate::eval`) give these functions' values, every
    /// contract at both vulnerabilities for -1 to 14 tricks, and every difference to 5000.
    #[test]
    fn the_evaluators_scoring_agrees() {
        for level in 1..=7u8 {
            for strain in Strain::ALL {
                for (d, doubled) in [Doubled::No, Doubled::Doubled, Doubled::Redoubled]
                    .into_iter()
                    .enumerate()
                {
                    let ours = Contract::new(level, strain, doubled).unwrap();
                    let theirs = crate::ast::Contract {
                        level,
                        strain,
                        doubled: d as u8,
                    };
                    for vul in [false, true] {
                        for t in -1..=14 {
                            assert_eq!(
                                crate::eval::score(vul, theirs, t),
                                score(vul, ours, t),
                                "{ours} vul {vul} tricks {t}"
                            );
                        }
                    }
                }
            }
        }
        for d in -5000..=5000 {
            assert_eq!(crate::eval::imps(d), imps(d), "{d}");
        }
    }
}
