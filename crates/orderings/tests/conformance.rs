//! Every ordering of the workspace passes the ordering conformance suite.

use ddsolve_orderings::{
    AnyOrdering, CutoffOrdering, LeadCategories, OrderingKind, PaperOrdering, RankOrdering,
    TunedOrdering,
};
use ddsolve_testkit::conformance::ordering::check_ordering;

#[test]
fn rank_ordering_conforms() {
    check_ordering(|| RankOrdering);
}

#[test]
fn paper_ordering_conforms() {
    check_ordering(|| PaperOrdering);
}

#[test]
fn tuned_ordering_conforms() {
    check_ordering(TunedOrdering::default);
}

#[test]
fn cutoff_ordering_conforms() {
    check_ordering(|| CutoffOrdering::new(TunedOrdering::default()));
    check_ordering(|| CutoffOrdering::following_only(TunedOrdering::default()));
    check_ordering(|| CutoffOrdering::new(TunedOrdering::default()).keyed_by_need(false));
    check_ordering(|| CutoffOrdering::new(TunedOrdering::default()).lead_hints(true));
    check_ordering(|| CutoffOrdering::new(RankOrdering));
}

#[test]
fn lead_categories_conform() {
    check_ordering(|| LeadCategories::new(TunedOrdering::default()));
    check_ordering(|| LeadCategories::new(RankOrdering));
    check_ordering(|| LeadCategories::new(TunedOrdering::default()).enabled(false));
    check_ordering(|| CutoffOrdering::new(LeadCategories::new(TunedOrdering::default())));
}

#[test]
fn any_ordering_conforms_in_every_kind() {
    for kind in OrderingKind::ALL {
        check_ordering(|| AnyOrdering::new(kind));
    }
}
