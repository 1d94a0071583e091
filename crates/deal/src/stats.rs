//! Statistics of a simulation: running means with their standard error and a confidence
//! interval at 0.95, frequency tables with percentages, and the `--until-se` stopping rule.
//!
//! A mean is kept by Welford's update (numerically stable over millions of values); its
//! standard error is the sample standard deviation (divisor `n - 1`) over `sqrt(n)`, and its
//! interval the normal one, `mean ± Z95 se`: a simulation's averages are over hundreds
//! of deals or more, where Student's t and the normal quantile agree to the digits printed.
//!
//! ```
//! use ddsolve_deal::stats::Mean;
//!
//! let mut m = Mean::new();
//! for x in [8.0, 9.0, 10.0, 9.0] {
//!     m.add(x);
//! }
//! assert_eq!(m.mean(), 9.0);
//! // Sample variance 2/3, so se = sqrt(2/3 / 4).
//! assert!((m.standard_error().unwrap() - (2.0f64 / 12.0).sqrt()).abs() < 1e-12);
//! ```

use std::collections::BTreeMap;

/// The normal quantile of a two-sided interval at confidence 0.95.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A running mean with its variance (Welford's update).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    n: u64,
    mean: f64,
    /// The sum of squared deviations from the running mean.
    m2: f64,
}

impl Mean {
    /// No value yet.
    pub fn new() -> Mean {
        Mean::default()
    }

    /// Adds a value.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
    }

    /// Adds every value of `other` (Chan's parallel update): the same mean and variance as
    /// adding its values one by one, up to rounding.
    pub fn merge(&mut self, other: &Mean) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = *other;
            return;
        }
        let n = self.n + other.n;
        let delta = other.mean - self.mean;
        self.m2 += other.m2 + delta * delta * (self.n as f64 * other.n as f64) / n as f64;
        self.mean += delta * other.n as f64 / n as f64;
        self.n = n;
    }

    /// The mean and variance of `n` integers from their exact sum and sum of squares: the
    /// same whatever order the integers came in, or however their sums were split and added.
    pub fn from_integer_sums(n: u64, sum: i64, squares: i128) -> Mean {
        if n == 0 {
            return Mean::new();
        }
        let nf = n as f64;
        let mean = sum as f64 / nf;
        // The squared deviations' sum, squares - sum^2 / n: its numerator is exact while it
        // fits in an i128 (any run of fewer than 2^32 deals of 32-bit values).
        let exact = (n as i128)
            .checked_mul(squares)
            .and_then(|a| a.checked_sub(i128::from(sum).checked_mul(i128::from(sum))?));
        let m2 = match exact {
            Some(numerator) => numerator as f64 / nf,
            None => squares as f64 - sum as f64 * mean,
        };
        Mean { n, mean, m2 }
    }

    /// How many values.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The mean (0 with no value).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The sample variance (divisor `n - 1`), `None` under two values.
    pub fn variance(&self) -> Option<f64> {
        (self.n >= 2).then(|| self.m2 / (self.n - 1) as f64)
    }

    /// The sample standard deviation, `None` under two values.
    pub fn std_dev(&self) -> Option<f64> {
        self.variance().map(f64::sqrt)
    }

    /// The standard error of the mean, `sd / sqrt(n)`, `None` under two values.
    pub fn standard_error(&self) -> Option<f64> {
        self.std_dev().map(|sd| sd / (self.n as f64).sqrt())
    }

    /// The 0.95 confidence interval of the mean, `mean ± Z95 se`, `None` under two values.
    pub fn interval95(&self) -> Option<(f64, f64)> {
        self.standard_error()
            .map(|se| (self.mean - Z95 * se, self.mean + Z95 * se))
    }
}

/// A frequency table of integer values (one dimension): how often each value came, with
/// its share of the values counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frequency {
    counts: BTreeMap<i64, u64>,
    total: u64,
}

impl Frequency {
    /// No value yet.
    pub fn new() -> Frequency {
        Frequency::default()
    }

    /// Counts a value.
    pub fn add(&mut self, value: i64) {
        *self.counts.entry(value).or_insert(0) += 1;
        self.total += 1;
    }

    /// How many values were counted.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// How often `value` came.
    pub fn count(&self, value: i64) -> u64 {
        self.counts.get(&value).copied().unwrap_or(0)
    }

    /// The share of `value` in percent (0 when nothing was counted).
    pub fn percent(&self, value: i64) -> f64 {
        percent(self.count(value), self.total)
    }

    /// Every value that came, in increasing order, with its count and percentage.
    pub fn rows(&self) -> impl Iterator<Item = (i64, u64, f64)> + '_ {
        self.counts
            .iter()
            .map(|(&v, &c)| (v, c, percent(c, self.total)))
    }
}

/// A frequency table of pairs of integer values (two dimensions).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frequency2 {
    counts: BTreeMap<(i64, i64), u64>,
    total: u64,
}

impl Frequency2 {
    /// No value yet.
    pub fn new() -> Frequency2 {
        Frequency2::default()
    }

    /// Counts a pair.
    pub fn add(&mut self, row: i64, column: i64) {
        *self.counts.entry((row, column)).or_insert(0) += 1;
        self.total += 1;
    }

    /// How many pairs were counted.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// How often the pair came.
    pub fn count(&self, row: i64, column: i64) -> u64 {
        self.counts.get(&(row, column)).copied().unwrap_or(0)
    }

    /// The share of the pair in percent (0 when nothing was counted).
    pub fn percent(&self, row: i64, column: i64) -> f64 {
        percent(self.count(row, column), self.total)
    }

    /// Every pair that came, in increasing order (row first), with its count and percentage.
    pub fn cells(&self) -> impl Iterator<Item = ((i64, i64), u64, f64)> + '_ {
        self.counts
            .iter()
            .map(|(&k, &c)| (k, c, percent(c, self.total)))
    }
}

/// `count` as a percentage of `total` (0 when `total` is 0).
pub fn percent(count: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        100.0 * count as f64 / total as f64
    }
}

/// The `--until-se X` stopping rule: a run may stop once every average has a standard error
/// under the target, each over at least [`UntilSe::min_count`] values (so that a run does not
/// stop on the first few values, whose spread says little).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UntilSe {
    /// The target standard error (strictly under it).
    pub target: f64,
    /// The fewest values an average needs before its standard error counts.
    pub min_count: u64,
}

impl UntilSe {
    /// The fewest values by default: 30, the usual threshold of a normal interval.
    pub const DEFAULT_MIN_COUNT: u64 = 30;

    /// Stop under `target`, each average over at least [`UntilSe::DEFAULT_MIN_COUNT`] values.
    pub fn new(target: f64) -> UntilSe {
        UntilSe {
            target,
            min_count: UntilSe::DEFAULT_MIN_COUNT,
        }
    }

    /// Whether `mean` is precise enough.
    pub fn met_by(&self, mean: &Mean) -> bool {
        mean.count() >= self.min_count.max(2)
            && mean.standard_error().is_some_and(|se| se < self.target)
    }

    /// Whether the run may stop: every one of `means` is precise enough, and there is at
    /// least one (a script without `average` never stops on this rule).
    pub fn met_by_all(&self, means: impl IntoIterator<Item = Mean>) -> bool {
        let mut any = false;
        for m in means {
            if !self.met_by(&m) {
                return false;
            }
            any = true;
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn mean_and_spread_by_hand() {
        let mut m = Mean::new();
        assert_eq!(m.count(), 0);
        assert_eq!(m.standard_error(), None);
        m.add(2.0);
        assert_eq!(m.mean(), 2.0);
        assert_eq!(m.variance(), None);
        for x in [4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            m.add(x);
        }
        // 2 4 4 4 5 5 7 9: mean 5, squared deviations sum 32, sample variance 32/7.
        assert_eq!(m.count(), 8);
        assert!(close(m.mean(), 5.0));
        assert!(close(m.variance().unwrap(), 32.0 / 7.0));
        let se = (32.0f64 / 7.0 / 8.0).sqrt();
        assert!(close(m.standard_error().unwrap(), se));
        let (lo, hi) = m.interval95().unwrap();
        assert!(close(lo, 5.0 - 1.959963984540054 * se));
        assert!(close(hi, 5.0 + 1.959963984540054 * se));
        // se = 0.7559...: the interval is 5 ± 1.4816.
        assert!((hi - 6.4816).abs() < 1e-3);
    }

    #[test]
    fn merged_means_equal_one_run() {
        let xs: Vec<f64> = (0..50).map(|i| ((i * 37) % 11) as f64 * 0.5).collect();
        let mut whole = Mean::new();
        xs.iter().for_each(|&x| whole.add(x));
        let (a, b) = xs.split_at(17);
        let mut left = Mean::new();
        a.iter().for_each(|&x| left.add(x));
        let mut right = Mean::new();
        b.iter().for_each(|&x| right.add(x));
        left.merge(&right);
        assert_eq!(left.count(), whole.count());
        assert!(close(left.mean(), whole.mean()));
        assert!(close(left.variance().unwrap(), whole.variance().unwrap()));
        let mut empty = Mean::new();
        empty.merge(&whole);
        assert_eq!(empty, whole);
        empty.merge(&Mean::new());
        assert_eq!(empty, whole);
    }

    #[test]
    fn frequencies_with_percentages() {
        let mut f = Frequency::new();
        for v in [9, 10, 9, 8, 9, 10, 11, 9] {
            f.add(v);
        }
        assert_eq!(f.total(), 8);
        assert_eq!(f.count(9), 4);
        assert_eq!(f.count(12), 0);
        assert!(close(f.percent(9), 50.0));
        assert!(close(f.percent(11), 12.5));
        let rows: Vec<_> = f.rows().collect();
        assert_eq!(
            rows,
            [(8, 1, 12.5), (9, 4, 50.0), (10, 2, 25.0), (11, 1, 12.5)]
        );
        assert_eq!(Frequency::new().percent(3), 0.0);

        let mut g = Frequency2::new();
        for (r, c) in [(1, 2), (1, 2), (0, 5), (1, 3)] {
            g.add(r, c);
        }
        assert_eq!(g.total(), 4);
        assert_eq!(g.count(1, 2), 2);
        assert!(close(g.percent(1, 2), 50.0));
        assert!(close(g.percent(0, 5), 25.0));
        let cells: Vec<_> = g.cells().map(|(k, c, _)| (k, c)).collect();
        assert_eq!(cells, [((0, 5), 1), ((1, 2), 2), ((1, 3), 1)]);
    }

    #[test]
    fn integer_sums_give_welfords_mean_in_any_split() {
        let values: Vec<i32> = (0..1000).map(|i| (i * 7919 % 41) - 13).collect();
        let mut welford = Mean::new();
        for &v in &values {
            welford.add(f64::from(v));
        }
        let sums = |vs: &[i32]| {
            let sum: i64 = vs.iter().map(|&v| i64::from(v)).sum();
            let squares: i128 = vs.iter().map(|&v| i128::from(v) * i128::from(v)).sum();
            (vs.len() as u64, sum, squares)
        };
        let (n, sum, squares) = sums(&values);
        let whole = Mean::from_integer_sums(n, sum, squares);
        assert_eq!(whole.count(), 1000);
        assert!(close(whole.mean(), welford.mean()));
        assert!(close(
            whole.variance().unwrap(),
            welford.variance().unwrap()
        ));
        // Split anywhere and added: the very same bits.
        let (a, b) = (sums(&values[..377]), sums(&values[377..]));
        let parts = Mean::from_integer_sums(a.0 + b.0, a.1 + b.1, a.2 + b.2);
        assert_eq!(parts, whole);
        assert_eq!(Mean::from_integer_sums(0, 0, 0), Mean::new());
        let one = Mean::from_integer_sums(1, -5, 25);
        assert_eq!((one.mean(), one.variance()), (-5.0, None));
    }

    #[test]
    fn until_se_stops_when_every_average_is_precise() {
        let rule = UntilSe::new(0.1);
        // Alternating 0 and 1: sd about 0.5, so se under 0.1 needs n above 25 and the
        // rule's 30 values.
        let mut m = Mean::new();
        for i in 0..29 {
            m.add((i % 2) as f64);
        }
        assert!(m.standard_error().unwrap() < 0.1);
        assert!(!rule.met_by(&m), "fewer than 30 values");
        m.add(1.0);
        assert!(rule.met_by(&m));
        let mut wide = Mean::new();
        for i in 0..100 {
            wide.add((i % 2) as f64 * 10.0);
        }
        assert!(!rule.met_by(&wide));
        assert!(!rule.met_by_all([m, wide]));
        assert!(rule.met_by_all([m]));
        assert!(!rule.met_by_all([]));
        // A constant average has se 0: precise at once (after the minimum).
        let mut constant = Mean::new();
        for _ in 0..30 {
            constant.add(7.0);
        }
        assert!(rule.met_by(&constant));
    }
}
