//! Chapter 2: TargetTooLowOrHigh, the cutoff by the tricks already won and still to play.

/// Chapter 2's TargetTooLowOrHigh: `Some(true)` if a side that has `won` tricks already has
/// its `target`, `Some(false)` if it cannot reach it with `left` tricks to go, else `None`.
/// Such cutoffs back up no winning ranks.
#[inline]
pub const fn target_too_low_or_high(won: u8, target: u8, left: u8) -> Option<bool> {
    if won >= target {
        Some(true)
    } else if won + left < target {
        Some(false)
    } else {
        None
    }
}
