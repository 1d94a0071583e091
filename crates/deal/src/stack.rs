//! Smart stacking derived from the script: when the condition is a conjunction that pins a
//! seat's shapes and an additive point range (`hcp` with non-negative weights, or
//! `control`), that seat is dealt first from exact tables ([`Stacking`]) and the rest at
//! random. The whole condition is still tested, so the produced deals have the distribution
//! plain rejection would give them; only the deals that could not pass are never dealt.

use crate::ast::{BinOp, Count, Expr};
use crate::gen::{ShapeSet, Stacking};
use crate::script::Script;
use ddsolve_cards::Seat;

/// What the conjuncts of a condition say about one seat.
#[derive(Clone, Debug)]
struct SeatFacts {
    shapes: ShapeSet,
    hcp: (i64, i64),
    control: (i64, i64),
}

/// Adds the conjuncts of `e` (through `&&` and variables) to `out`.
fn conjuncts<'a>(script: &'a Script, e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            conjuncts(script, a, out);
            conjuncts(script, b, out);
        }
        Expr::Var(i) => conjuncts(script, &script.vars[*i].expr, out),
        _ => out.push(e),
    }
}

fn constant(script: &Script, e: &Expr) -> Option<i64> {
    match e {
        Expr::Number(n) => Some(*n as i64),
        Expr::Var(i) => constant(script, &script.vars[*i].expr),
        _ => None,
    }
}

/// `(measure, seat)` of `hcp(seat)` or `control(seat)` over the whole hand.
fn measure(script: &Script, e: &Expr) -> Option<(Count, Seat)> {
    match e {
        Expr::Count(c @ (Count::Hcp | Count::Control), seat, None) => Some((*c, *seat)),
        Expr::Var(i) => measure(script, &script.vars[*i].expr),
        _ => None,
    }
}

/// Narrows `range` by `m op k` (or `k op m` with `flipped`).
fn narrow(range: &mut (i64, i64), op: BinOp, k: i64, flipped: bool) {
    let op = if flipped {
        match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            o => o,
        }
    } else {
        op
    };
    match op {
        BinOp::Eq => {
            range.0 = range.0.max(k);
            range.1 = range.1.min(k);
        }
        BinOp::Ge => range.0 = range.0.max(k),
        BinOp::Gt => range.0 = range.0.max(k + 1),
        BinOp::Le => range.1 = range.1.min(k),
        BinOp::Lt => range.1 = range.1.min(k - 1),
        _ => {}
    }
}

/// The stacking the script's condition allows, if one is worthwhile: for the seat whose
/// pinned constraint accepts the smallest fraction of its hands.
pub fn stacking_for(script: &Script) -> Option<Stacking> {
    let cond = script.condition.as_ref()?;
    let mut terms = Vec::new();
    conjuncts(script, cond, &mut terms);
    let mut facts: Vec<SeatFacts> = (0..4)
        .map(|_| SeatFacts {
            shapes: ShapeSet::all(),
            hcp: (i64::MIN, i64::MAX),
            control: (i64::MIN, i64::MAX),
        })
        .collect();
    for t in terms {
        match t {
            Expr::Shape(seat, set) => facts[seat.index()].shapes &= **set,
            Expr::Binary(op, a, b) => {
                let (m, k, flipped) = match (measure(script, a), constant(script, b)) {
                    (Some(m), Some(k)) => (m, k, false),
                    _ => match (constant(script, a), measure(script, b)) {
                        (Some(k), Some(m)) => (m, k, true),
                        _ => continue,
                    },
                };
                let f = &mut facts[m.1.index()];
                let range = if m.0 == Count::Hcp {
                    &mut f.hcp
                } else {
                    &mut f.control
                };
                narrow(range, *op, k, flipped);
            }
            _ => {}
        }
    }
    let hcp_weights: Option<[u8; 13]> = script
        .pointcount
        .iter()
        .map(|&w| u8::try_from(w).ok())
        .collect::<Option<Vec<u8>>>()
        .and_then(|v| v.try_into().ok());
    let control_weights = [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let mut best: Option<Stacking> = None;
    for seat in Seat::ALL {
        let f = &facts[seat.index()];
        let pinned_hcp = f.hcp != (i64::MIN, i64::MAX);
        let pinned_control = f.control != (i64::MIN, i64::MAX);
        // One additive measure: hcp when pinned (its weights allowing), else controls.
        let (weights, range) = match (pinned_hcp, hcp_weights) {
            (true, Some(w)) => (w, f.hcp),
            _ if pinned_control => (control_weights, f.control),
            _ => (hcp_weights.unwrap_or(control_weights), (0, i64::MAX)),
        };
        if f.shapes.is_all() && range == (0, i64::MAX) {
            continue;
        }
        let lo = range.0.clamp(0, u32::MAX as i64) as u32;
        let hi = range.1.clamp(0, u32::MAX as i64) as u32;
        if range.1 < 0 || lo > hi {
            continue;
        }
        if let Some(st) = Stacking::new(seat, &f.shapes, weights, lo..=hi, &script.predeal) {
            if best.as_ref().is_none_or(|b| st.fraction() < b.fraction()) {
                best = Some(st);
            }
        }
    }
    best
}
