//! [`RankOrdering`]: the highest rank first, a baseline for ablation.

use crate::weights::sort;
use crate::LeadWeighing;
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};

/// The simplest ordering: highest rank first, then suit order. A baseline for ablation.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankOrdering;

impl MoveOrdering for RankOrdering {
    fn order(&mut self, _view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        for m in moves.iter_mut() {
            m.weight = i32::from(m.card.rank().get()) * 4 - m.card.suit().index() as i32;
            if Some(m.card) == hints.cutoff || Some(m.card) == hints.tt {
                m.weight += 100;
            }
        }
        sort(moves);
    }
}

impl LeadWeighing for RankOrdering {}
