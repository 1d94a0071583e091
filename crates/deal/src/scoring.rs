//! Duplicate scoring as dealer's `score` and `imps` compute it: a contract's score for the
//! tricks declarer takes, and a score difference in IMPs.
//!
//! The score itself is the Laws' (Law 77), written once in [`ddsolve::par`]; this module
//! adds what dealer does beyond it: any number of tricks is scored, even outside 0 to 13
//! (each trick more or less counts as an overtrick or an undertrick), and dealer's own IMP
//! scale ([`dealer_imps`]), which differs from the WBF scale ([`imps`]) at two steps.
//! dealer's `score(vul, x3N, tricks)` is the score of an undoubled contract; we also score
//! doubled and redoubled contracts (`x4Sx`, `x6Cxx`).
//!
//! ```
//! use ddsolve::Strain;
//! use ddsolve_deal::ast::Contract;
//! use ddsolve_deal::scoring::{dealer_imps, imps, score};
//!
//! let three_nt = Contract::from_dealer_token("x3N").unwrap();
//! assert_eq!(three_nt.strain, Strain::NoTrump);
//! assert_eq!(score(true, three_nt, 9), 600);
//! assert_eq!(score(false, three_nt, 8), -50);
//! assert_eq!(imps(600 - 170), 10);
//! // 420 points: 9 IMPs on the WBF scale, 10 on dealer's.
//! assert_eq!((imps(420), dealer_imps(420)), (9, 10));
//! ```

use crate::ast::Contract;
use ddsolve::par::{self, Doubling};
use ddsolve::{Seat, Strain};

/// The score of declarer's side when `contract` is played at vulnerability `vulnerable` and
/// declarer takes `tricks`: positive when it makes, negative when it goes down.
pub fn score(vulnerable: bool, contract: Contract, tricks: i32) -> i32 {
    // The declarer does not change a score; the level is 1 to 7 by `Contract`'s constructors.
    let Ok(laws) = par::Contract::new(
        contract.level,
        contract.strain,
        contract.doubling,
        Seat::North,
    ) else {
        return 0;
    };
    let taken = tricks.clamp(0, 13);
    let base = par::score(&laws, taken as u8, vulnerable);
    let beyond = tricks - taken;
    if beyond > 0 {
        let overtrick = match (contract.doubling, vulnerable) {
            (Doubling::Undoubled, _) => match contract.strain {
                Strain::Clubs | Strain::Diamonds => 20,
                _ => 30,
            },
            (Doubling::Doubled, false) => 100,
            (Doubling::Doubled, true) => 200,
            (Doubling::Redoubled, false) => 200,
            (Doubling::Redoubled, true) => 400,
        };
        base + beyond * overtrick
    } else if beyond < 0 {
        // Below 0 tricks, each more undertrick costs what the thirteenth did.
        let step = par::score(&laws, 1, vulnerable) - base;
        base + beyond * step
    } else {
        base
    }
}

/// The WBF IMP scale's upper bounds: a difference of at most `WBF_BOUNDS[k]` (in absolute
/// value) and more than the bound before is worth `k` IMPs; above the last, 24.
const WBF_BOUNDS: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
];

/// dealer's IMP table: the WBF scale's bounds but 410 for 420 and 1190 for 1290 (so dealer
/// gives 420 points 10 IMPs and 1200 to 1290 points 16).
const DEALER_BOUNDS: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
];

fn on_scale(bounds: &[i32; 24], difference: i32) -> i32 {
    let magnitude = difference.unsigned_abs();
    let k = bounds.partition_point(|&b| (b as u32) < magnitude) as i32;
    if difference < 0 {
        -k
    } else {
        k
    }
}

/// A score difference in IMPs on the WBF scale, with the difference's sign: 0 for 0-10
/// points, 1 for 20-40, ..., 24 for 4000 and more.
pub fn imps(difference: i32) -> i32 {
    on_scale(&WBF_BOUNDS, difference)
}

/// A score difference in IMPs as dealer's `imps` computes it: the WBF scale of [`imps`]
/// but for 420 points (10 IMPs, not 9) and 1200 to 1290 (16, not 15).
pub fn dealer_imps(difference: i32) -> i32 {
    on_scale(&DEALER_BOUNDS, difference)
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
            Contract {
                level: 4,
                strain: Strain::Spades,
                doubling: Doubling::Doubled
            }
        );
        assert_eq!(c("x6Cxx").doubling, Doubling::Redoubled);
        assert_eq!(c("x6Cxx").to_string(), "x6Cxx");
        assert_eq!(c("x7H").level, 7);
        assert_eq!(c("x7H").strain, Strain::Hearts);
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
            assert_eq!(dealer_imps(d), want, "{d}");
            assert_eq!(dealer_imps(-d), -want, "-{d}");
        }
        assert_eq!(dealer_imps(-3000), -22);
        assert_eq!(dealer_imps(-45), -2);
        assert_eq!(dealer_imps(i32::MIN), -24);
    }

    /// The WBF scale: each band's ends.
    #[test]
    fn imps_are_the_wbfs() {
        let bands = [
            (0, 10),
            (20, 40),
            (50, 80),
            (90, 120),
            (130, 160),
            (170, 210),
            (220, 260),
            (270, 310),
            (320, 360),
            (370, 420),
            (430, 490),
            (500, 590),
            (600, 740),
            (750, 890),
            (900, 1090),
            (1100, 1290),
            (1300, 1490),
            (1500, 1740),
            (1750, 1990),
            (2000, 2240),
            (2250, 2490),
            (2500, 2990),
            (3000, 3490),
            (3500, 3990),
            (4000, 7600),
        ];
        for (k, (low, high)) in bands.into_iter().enumerate() {
            assert_eq!(imps(low), k as i32, "{low}");
            assert_eq!(imps(high), k as i32, "{high}");
            assert_eq!(imps(-high), -(k as i32), "-{high}");
        }
    }
}
