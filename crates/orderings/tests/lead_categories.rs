//! The lead categories' bonuses against their definition: on random leads, the weight each
//! move gains over the inner ordering alone is its category's bonus, and the order is the
//! inner ordering's sorted again, stably, by the weights with the bonuses.

use ddsolve_cards::{DealRng, Position};
use ddsolve_moves::{generate, MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_orderings::{LeadCategories, LeadCategory, TunedOrdering};
use ddsolve_testkit::oracle::{arb_ending, random_ending_of};
use proptest::prelude::*;

/// Checks the bonuses of the leads of `pos` (if it is a lead) and returns how many moves
/// got one.
fn check_bonuses(pos: &Position) -> usize {
    let view = TrickView::of(pos);
    if !view.trick.is_empty() {
        return 0;
    }
    let hints = OrderHints::default();
    let (mut with, mut without) = (MoveList::new(), MoveList::new());
    generate(&view, &mut with);
    generate(&view, &mut without);
    LeadCategories::new(TunedOrdering::default()).order(&view, &hints, &mut with);
    LeadCategories::new(TunedOrdering::default())
        .enabled(false)
        .order(&view, &hints, &mut without);
    // The middle cards' bonus counts only at leads where a suit has a lane's bonus.
    let lane = with.iter().any(|m| {
        matches!(
            LeadCategory::of(&view, m),
            LeadCategory::OpponentRuff
                | LeadCategory::Finesse
                | LeadCategory::FreeFinesse
                | LeadCategory::FreeFinesseLow
        )
    });
    let mut bonuses = 0;
    for m in &with {
        let plain = without
            .iter()
            .find(|x| x.card == m.card)
            .expect("same moves");
        let bonus = if with.len() > 1 && lane {
            LeadCategory::of(&view, m).bonus()
        } else {
            0
        };
        assert_eq!(m.weight - plain.weight, bonus, "{} in {pos:?}", m.card);
        bonuses += usize::from(bonus != 0);
    }
    assert!(with.windows(2).all(|w| w[0].weight >= w[1].weight));
    // The order of the inner ordering's sort and then a stable sort by the weights with the
    // bonuses, ties in the inner order.
    let mut reference: Vec<_> = without
        .iter()
        .map(|m| {
            let w = with.iter().find(|x| x.card == m.card).expect("same moves");
            (m.card, w.weight)
        })
        .collect();
    reference.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
    let order: Vec<_> = with.iter().map(|m| (m.card, m.weight)).collect();
    assert_eq!(order, reference, "{pos:?}");
    bonuses
}

#[test]
fn bonuses_are_their_categories_on_full_deals() {
    let mut rng = DealRng::new(0x1ead_ca75);
    let mut bonuses = 0;
    for _ in 0..2000 {
        bonuses += check_bonuses(&random_ending_of(&mut rng, 13));
    }
    // Enough leads get a bonus for the check to mean something.
    assert!(bonuses > 500, "{bonuses} moves with a bonus");
}

proptest! {
    #[test]
    fn bonuses_are_their_categories(pos in arb_ending(13)) {
        check_bonuses(&pos);
    }
}
