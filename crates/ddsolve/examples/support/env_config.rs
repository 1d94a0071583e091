//! The solver of the examples, switched by environment variables: NO_QT,
//! NO_LT, NO_TH, NO_TT, NO_ETC, NO_SMALL, NO_FORCED, NO_SYMMETRY, STEP (driver), GUESS_HALF, ETC_MIN=n, TT_FIRST=n, TT_MB=n, PAPER, RANK, TUNED,
//! CUTOFF, FOLLOWING, ANY_NEED, LEAD_HINTS or NO_LEAD_CATS (ordering), FOREST or PATTERN (table: `TtForest` or `TtPattern`).

use ddsolve::{Driver, OrderingKind, SearchConfig, SolverBuilder, TtKind};

pub fn config_from_env() -> SolverBuilder {
    let on = |k: &str| std::env::var_os(k).is_some();
    let number =
        |k: &str, default: u32| std::env::var(k).map_or(default, |v| v.parse().expect("a number"));
    let d = SearchConfig::default();
    let b = SolverBuilder::new();
    let search = SearchConfig {
        quick_tricks: !on("NO_QT"),
        later_tricks: !on("NO_LT"),
        trump_honours: !on("NO_TH"),
        transposition_table: !on("NO_TT"),
        etc: !on("NO_ETC"),
        small_card_filter: !on("NO_SMALL"),
        forced_moves: !on("NO_FORCED"),
        symmetry: !on("NO_SYMMETRY"),
        driver: if on("STEP") { Driver::Step } else { d.driver },
        estimated_first_guess: !on("GUESS_HALF"),
        etc_min_cards: number("ETC_MIN", d.etc_min_cards),
        tt_first_tricks: number("TT_FIRST", d.tt_first_tricks),
        forget_order_voids: number("FORGET_VOIDS", u32::from(d.forget_order_voids)) as u8,
        ..d
    };
    let ordering = if on("RANK") {
        OrderingKind::Rank
    } else if on("PAPER") {
        OrderingKind::Paper
    } else if on("TUNED") {
        OrderingKind::Tuned
    } else if on("CUTOFF") {
        OrderingKind::Cutoff
    } else if on("FOLLOWING") {
        OrderingKind::CutoffFollowing
    } else if on("ANY_NEED") {
        OrderingKind::CutoffAnyNeed
    } else if on("NO_LEAD_CATS") {
        OrderingKind::CutoffNoLeadCategories
    } else if on("LEAD_HINTS") {
        OrderingKind::CutoffLeadHints
    } else {
        b.ordering_kind()
    };
    let tt = if on("FOREST") {
        TtKind::Forest
    } else if on("PATTERN") {
        TtKind::Pattern
    } else {
        b.tt_kind()
    };
    b.search(search)
        .ordering(ordering)
        .tt(tt)
        .tt_memory_mb(number("TT_MB", b.tt_memory_limit_mb() as u32) as usize)
}
