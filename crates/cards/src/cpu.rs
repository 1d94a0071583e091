//! The processor's optional instructions, detected once at run time.
//!
//! The default build runs on any x86-64 processor, whose baseline has no instruction for a
//! popcount, a leading-zero count or a bit extraction: Rust's `count_ones`,
//! `leading_zeros` and `trailing_zeros` then compile to sequences of shifts and masks. The
//! search's hot functions are therefore compiled twice: once for the baseline, and once
//! with `#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]` (the instructions every
//! x86-64 processor since Intel's Haswell and AMD's Piledriver has), with the code below
//! them inlined so that it uses the instructions too. A search picks one of the two when
//! it starts, from [`fast`], never per node.
//!
//! Other targets build the baseline code only ([`fast`] is false there).

use std::sync::atomic::{AtomicU8, Ordering};

/// The instructions of the fast copies, as `#[target_feature(enable = ...)]` names them.
pub const FAST_FEATURES: &str = "popcnt,bmi1,bmi2,lzcnt";

/// The environment variable that forces the baseline code: `DDSOLVE_CPU=baseline` (for
/// tests and measurements); unset or any other value, the code follows the processor.
pub const CPU_ENV: &str = "DDSOLVE_CPU";

/// Not yet detected; then false or true.
const UNKNOWN: u8 = 2;

static FAST: AtomicU8 = AtomicU8::new(UNKNOWN);

/// May the search run its fast copies, those compiled with [`FAST_FEATURES`]? True when
/// the processor has every one of them and [`CPU_ENV`] does not ask for the baseline.
/// Detected on the first call and cached.
#[inline]
pub fn fast() -> bool {
    match FAST.load(Ordering::Relaxed) {
        UNKNOWN => {
            let f = detect();
            FAST.store(u8::from(f), Ordering::Relaxed);
            f
        }
        f => f == 1,
    }
}

/// What [`fast`] chose, for people: `"popcnt,bmi1,bmi2,lzcnt"` or `"baseline"`.
pub fn describe() -> &'static str {
    if fast() {
        FAST_FEATURES
    } else {
        "baseline"
    }
}

#[cold]
fn detect() -> bool {
    if std::env::var_os(CPU_ENV).is_some_and(|v| v == "baseline") {
        return false;
    }
    has_fast_features()
}

#[cfg(target_arch = "x86_64")]
fn has_fast_features() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_fast_features() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_is_cached_and_described() {
        let f = fast();
        assert_eq!(fast(), f);
        assert_eq!(describe() == FAST_FEATURES, f);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn fast_only_with_every_feature() {
        if fast() {
            assert!(has_fast_features());
        }
    }
}
