//! The statistics of a card over samples: means with standard errors (kept by
//! [`ddsolve_deal::stats::Mean`]) and matchpoints; IMPs are [`ddsolve_deal::scoring::imps`].

use ddsolve_deal::stats::Mean;
use serde::Serialize;

/// A mean over samples and its standard error (the sample standard deviation, with `n - 1`,
/// over the square root of `n`; 0 with fewer than two samples).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
}

impl Estimate {
    /// The mean and standard error of `values` (0 and 0 when there are none).
    pub fn of(values: &[f64]) -> Estimate {
        let mut m = Mean::new();
        for &v in values {
            m.add(v);
        }
        Estimate {
            mean: m.mean(),
            se: m.standard_error().unwrap_or(0.0),
        }
    }
}

/// Matchpoints of a score against another on one board: 1 when it is higher, a half when
/// they are equal, 0 when it is lower.
pub fn matchpoints(score: i32, other: i32) -> f64 {
    match score.cmp(&other) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// Per sample, the average over `others` of `f(score, other)`: a card's gain against the
/// other choices on one deal (`None` when there are no others).
pub fn gain_against(score: i32, others: &[i32], f: impl Fn(i32, i32) -> f64) -> Option<f64> {
    if others.is_empty() {
        return None;
    }
    Some(others.iter().map(|&o| f(score, o)).sum::<f64>() / others.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_deal::scoring::imps;

    #[test]
    fn mean_and_standard_error_by_hand() {
        // 1, 2, 3, 4: mean 2.5, variance (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3,
        // SE = sqrt(5/3 / 4) = sqrt(5/12).
        let e = Estimate::of(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(e.mean, 2.5);
        assert!((e.se - (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert_eq!(Estimate::of(&[7.0]), Estimate { mean: 7.0, se: 0.0 });
        assert_eq!(Estimate::of(&[]), Estimate::default());
        // A rate: 3 of 4 -> 0.75, variance (3 * 0.0625 + 0.5625) / 3 = 0.25, SE 0.25.
        let r = Estimate::of(&[1.0, 1.0, 0.0, 1.0]);
        assert_eq!(r.mean, 0.75);
        assert!((r.se - 0.25).abs() < 1e-12);
    }

    #[test]
    fn matchpoints_and_gains() {
        assert_eq!(matchpoints(100, 50), 1.0);
        assert_eq!(matchpoints(50, 50), 0.5);
        assert_eq!(matchpoints(-50, 50), 0.0);
        // +100 against +100, -400 and +50: (0.5 + 1 + 1) / 3 at matchpoints.
        let mp = gain_against(100, &[100, -400, 50], matchpoints).unwrap();
        assert!((mp - 2.5 / 3.0).abs() < 1e-12);
        // In IMPs: (0 + 11 + 2) / 3.
        let imp = gain_against(100, &[100, -400, 50], |a, b| f64::from(imps(a - b))).unwrap();
        assert!((imp - 13.0 / 3.0).abs() < 1e-12);
        assert_eq!(gain_against(1, &[], matchpoints), None);
    }
}
