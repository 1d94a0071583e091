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

/// Defines an out-of-line function twice: as written (the baseline copy) and as a copy
/// compiled with [`FAST_FEATURES`], which the function calls instead when [`fast`] (one
/// test of a cached flag a call). For the hot functions the search reaches through other
/// crates (an ordering, an estimator), whose own code must use the instructions too.
/// A free function as written, an associated one after `Self:`; the name after `/` is the
/// fast copy's.
///
/// ```
/// ddsolve_cards::fast_copy! {
///     /// The bits set in `x`.
///     fn bits / bits_fast(x: u64) -> u32 {
///         x.count_ones()
///     }
/// }
/// assert_eq!(bits(0b1011), 3);
/// ```
#[macro_export]
macro_rules! fast_copy {
    (Self: $(#[$m:meta])* $vis:vis fn $name:ident / $fast:ident
        ($($a:ident: $t:ty),* $(,)?) $(-> $r:ty)? $body:block) => {
        $crate::fast_copy!(@def (Self::$fast) $(#[$m])* $vis fn $name / $fast
            ($($a: $t),*) $(-> $r)? $body);
    };
    (@def ($($call:tt)*) $(#[$m:meta])* $vis:vis fn $name:ident / $fast:ident
        ($($a:ident: $t:ty),*) $(-> $r:ty)? $body:block) => {
        $(#[$m])*
        #[inline(never)]
        #[allow(unsafe_code, unused_unsafe)]
        $vis fn $name($($a: $t),*) $(-> $r)? {
            if $crate::cpu::fast() {
                // SAFETY: the processor has the fast copy's instructions (`cpu::fast`).
                return unsafe { $($call)*($($a),*) };
            }
            $body
        }

        // `unsafe`: a `#[target_feature]` function is safe from Rust 1.86 on only, and the
        // workspace builds with 1.85 (`rust-version`).
        #[inline(never)]
        #[allow(unsafe_code)]
        #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,bmi1,bmi2,lzcnt"))]
        unsafe fn $fast($($a: $t),*) $(-> $r)? $body
    };
    ($(#[$m:meta])* $vis:vis fn $name:ident / $fast:ident
        ($($a:ident: $t:ty),* $(,)?) $(-> $r:ty)? $body:block) => {
        $crate::fast_copy!(@def ($fast) $(#[$m])* $vis fn $name / $fast
            ($($a: $t),*) $(-> $r)? $body);
    };
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
