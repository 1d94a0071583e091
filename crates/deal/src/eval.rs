//! Hand evaluation and the evaluator of expressions on a deal.
//!
//! Every per-suit function (`hcp`, `pt0`..`pt9`, `loser`, `control`, `quality` and the suit
//! part of `cccc`) is a table indexed by the suit's 13-bit holding, built once per script;
//! `shape` is one bit test in a [`ShapeSet`](crate::gen::ShapeSet) by the hand's shape number.
//! `tricks` goes through the [`Tricks`] trait, so that a caller can solve deals one at a time
//! ([`SolverTricks`]), in batches, or from known tables.

use crate::ast::{BinOp, Count, Expr};
use crate::error::{RunError, Span};
use crate::scoring::{dealer_imps, score};
use crate::script::Script;
use ddsolve_cards::{Deal, Position, Seat, Strain, Suit};

/// Double-dummy tricks for `tricks(seat, strain)` and `evalcontract`.
pub trait Tricks {
    /// The tricks `declarer` takes in `strain` on `deal`, both sides playing double dummy
    /// (declarer's left-hand opponent leads).
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> u8;
}

/// [`Tricks`] by ddsolve's solver, one deal at a time.
#[allow(missing_debug_implementations)]
pub struct SolverTricks {
    solver: Box<ddsolve::Solver>,
}

impl SolverTricks {
    /// A solver with the default settings.
    pub fn new() -> SolverTricks {
        SolverTricks {
            solver: Box::new(ddsolve::Solver::new()),
        }
    }
}

impl Default for SolverTricks {
    fn default() -> Self {
        SolverTricks::new()
    }
}

impl Tricks for SolverTricks {
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> u8 {
        let pos = Position::new(*deal, strain, declarer.next());
        13 - self.solver.tricks(&pos)
    }
}

/// A [`Tricks`] source that is never called (the evaluations that use it read no `tricks`).
pub(crate) struct NoTricks;

impl Tricks for NoTricks {
    fn tricks(&mut self, _: &Deal, _: Seat, _: Strain) -> u8 {
        unreachable!("an expression without tricks asked for tricks")
    }
}

/// dealer's `rand()` for `rnd`: 31 random bits a call.
pub trait Rand {
    /// The next value, `0..=RAND_MAX`.
    fn rand(&mut self) -> u32;
}

impl<F: FnMut() -> u32> Rand for F {
    fn rand(&mut self) -> u32 {
        self()
    }
}

/// Index of a suit's holding in the tables: its 13 rank bits (the two at bit 0).
#[inline]
fn holding(deal: &Deal, seat: Seat, suit: Suit) -> usize {
    (deal.hand(seat).suit(suit).bits() >> 2) as usize
}

const HOLDINGS: usize = 1 << 13;

/// dealer's default `altcount` tables, ace first: tens, jacks, queens, kings, aces, top2,
/// top3, top4, top5, c13.
pub const DEFAULT_ALTCOUNTS: [[i32; 13]; 10] = {
    let mut t = [[0i32; 13]; 10];
    t[0][4] = 1;
    t[1][3] = 1;
    t[2][2] = 1;
    t[3][1] = 1;
    t[4][0] = 1;
    let mut k = 0;
    while k < 5 {
        let mut i = 0;
        while i < k + 2 && i < 5 {
            t[5 + k][i] = 1;
            i += 1;
        }
        k += 1;
    }
    t[9] = [6, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    t
};

/// dealer's default `pointcount`: 4-3-2-1.
pub const DEFAULT_POINTCOUNT: [i32; 13] = [4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// The per-holding tables of one script.
#[derive(Clone)]
pub struct Tables {
    /// `hcp` (index 0) and `pt0`..`pt9` (1..=10).
    counts: Vec<Box<[i32]>>,
    loser: Box<[u8]>,
    control: Box<[u8]>,
    quality: Box<[i32]>,
    cccc: Box<[i32]>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tables")
    }
}

fn has(h: usize, rank: u32) -> bool {
    h >> (rank - 2) & 1 != 0
}

/// Kaplan-Rubens suit quality times 100 (The Bridge World, October 1982), as dealer.
pub fn suit_quality(h: usize) -> i32 {
    let len = h.count_ones() as i32;
    let (a, k, q, j, t, n, e) = (
        has(h, 14),
        has(h, 13),
        has(h, 12),
        has(h, 11),
        has(h, 10),
        has(h, 9),
        has(h, 8),
    );
    let f = len * 10;
    let mut quality = 0;
    let mut higher = 0;
    for (held, w) in [(a, 4), (k, 3), (q, 2), (j, 1)] {
        if held {
            quality += w * f;
            higher += 1;
        }
    }
    if len > 6 {
        let mut replace = 3;
        if q {
            replace -= 2;
        }
        if j {
            replace -= 1;
        }
        quality += replace.min(len - 6) * f;
    } else {
        if t {
            quality += if higher > 1 || j { f } else { f / 2 };
        }
        if n && (higher == 2 || t || e) {
            quality += f / 2;
        }
    }
    quality
}

/// The suit's part of Kaplan-Rubens `cccc` (honours and quality; the shape part is added
/// over the hand).
fn cccc_suit(h: usize) -> i32 {
    let len = h.count_ones() as i32;
    let (a, k, q, j, t, n) = (
        has(h, 14),
        has(h, 13),
        has(h, 12),
        has(h, 11),
        has(h, 10),
        has(h, 9),
    );
    let mut eval = 0;
    let mut higher = 0;
    if a {
        eval += 300;
        higher += 1;
    }
    if k {
        eval += 200;
        if len == 1 {
            eval -= 150;
        }
        higher += 1;
    }
    if q {
        eval += 100;
        if len == 1 {
            eval -= 75;
        }
        if len == 2 {
            eval -= 25;
        }
        if higher == 0 {
            eval -= 25;
        }
        higher += 1;
    }
    if j {
        if higher == 2 {
            eval += 50;
        }
        if higher == 1 {
            eval += 25;
        }
        higher += 1;
    }
    if t {
        if higher == 2 {
            eval += 25;
        }
        if higher == 1 && n {
            eval += 25;
        }
    }
    eval + suit_quality(h)
}

/// Losers in a suit, as dealer counts them.
pub fn suit_losers(h: usize) -> u8 {
    let (a, k, q) = (has(h, 14), has(h, 13), has(h, 12));
    match h.count_ones() {
        0 => 0,
        1 => u8::from(!a),
        2 => 2 - u8::from(a) - u8::from(k),
        _ => 3 - u8::from(a) - u8::from(k) - u8::from(q),
    }
}

impl Tables {
    /// The tables for a script's `pointcount` and `altcount`s.
    pub fn new(pointcount: &[i32; 13], altcount: &[[i32; 13]; 10]) -> Tables {
        let weigh = |w: &[i32; 13]| -> Box<[i32]> {
            (0..HOLDINGS)
                .map(|h| {
                    (0..13)
                        .filter(|b| h >> b & 1 != 0)
                        .map(|b| w[12 - b])
                        .fold(0i32, i32::wrapping_add)
                })
                .collect()
        };
        let mut counts = vec![weigh(pointcount)];
        counts.extend(altcount.iter().map(weigh));
        Tables {
            counts,
            loser: (0..HOLDINGS).map(suit_losers).collect(),
            control: (0..HOLDINGS)
                .map(|h| 2 * u8::from(has(h, 14)) + u8::from(has(h, 13)))
                .collect(),
            quality: (0..HOLDINGS).map(suit_quality).collect(),
            cccc: (0..HOLDINGS).map(cccc_suit).collect(),
        }
    }

    fn count(&self, c: Count, h: usize) -> i32 {
        match c {
            Count::Hcp => self.counts[0][h],
            Count::Pt(n) => self.counts[1 + n as usize][h],
            Count::Loser => self.loser[h] as i32,
            Count::Control => self.control[h] as i32,
        }
    }

    /// `cccc(seat)` of a deal.
    pub fn cccc(&self, deal: &Deal, seat: Seat) -> i32 {
        let mut eval = 0;
        let mut shape = 0;
        for suit in Suit::ALL {
            let h = holding(deal, seat, suit);
            let len = h.count_ones() as i32;
            if len < 3 {
                shape += (3 - len) * 100;
            }
            eval += self.cccc[h];
        }
        if shape == 0 {
            eval - 50
        } else {
            eval + shape - 100
        }
    }
}

/// Evaluates a script's expressions on one deal after another, caching each variable's value
/// for the deal (a variable that calls `rnd` is evaluated at each use, as dealer does) and
/// each `tricks` result.
#[allow(missing_debug_implementations)]
pub struct Evaluator<'s> {
    script: &'s Script,
    tables: &'s Tables,
    deal: Deal,
    vars: Vec<Option<i32>>,
    tricks: [[u8; 5]; 4],
}

const UNKNOWN: u8 = u8::MAX;

/// A deal to start from: each seat holds one whole suit.
fn suits_deal() -> Deal {
    let hands = ddsolve_cards::SeatMap::from_fn(|s: Seat| {
        ddsolve_cards::Hand(ddsolve_cards::Hand::ALL.0 & (0xffff << (16 * s.index())))
    });
    Deal::new(hands).expect("four whole suits are a deal")
}

impl<'s> Evaluator<'s> {
    /// An evaluator of `script`'s expressions (with its [`Script::tables`]).
    pub fn new(script: &'s Script) -> Evaluator<'s> {
        Evaluator {
            script,
            tables: script.tables(),
            deal: suits_deal(),
            vars: vec![None; script.vars.len()],
            tricks: [[UNKNOWN; 5]; 4],
        }
    }

    /// Starts on a new deal (forgets the values of the last one).
    pub fn set_deal(&mut self, deal: Deal) {
        self.deal = deal;
        self.vars.iter_mut().for_each(|v| *v = None);
        self.tricks = [[UNKNOWN; 5]; 4];
    }

    /// The current deal.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Gives the double-dummy result of `declarer` in `strain` on the current deal (solved in
    /// a batch elsewhere), so that `tricks` does not call the [`Tricks`] source for it.
    pub fn set_tricks(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.tricks[declarer.index()][strain.index()] = tricks;
    }

    /// The double-dummy results known for the current deal, `[declarer][strain]` in DDS's
    /// orders, `u8::MAX` where unknown.
    pub fn known_tricks(&self) -> [[u8; 5]; 4] {
        self.tricks
    }

    /// The tricks of `declarer` in `strain` on the current deal (from the cache or `dd`).
    pub fn tricks(&mut self, declarer: Seat, strain: Strain, dd: &mut dyn Tricks) -> u8 {
        let slot = &mut self.tricks[declarer.index()][strain.index()];
        if *slot == UNKNOWN {
            *slot = dd.tricks(&self.deal, declarer, strain);
        }
        *slot
    }

    /// The value of `e` on the current deal where it does not depend on double dummy or
    /// chance: `Some(v)` when every evaluation of `e` gives `v`, whatever `tricks` and `rnd`
    /// return, `None` when it may not. `a && b` is 0 as soon as either side is known to be
    /// 0 (the operands have no side effect that a produced deal could see: `rnd` draws from
    /// the deal's own stream), `a || b` is 1 as soon as either is known to be true. An
    /// error (a division by zero) is `None`: [`Evaluator::eval`] reports it in its turn.
    /// Neither `tricks` nor `rnd` is called.
    pub fn eval_without_dd(&mut self, e: &Expr) -> Option<i32> {
        let deal = &self.deal;
        Some(match e {
            Expr::Number(n) => *n,
            Expr::Var(i) => {
                if let Some(v) = self.vars[*i] {
                    return Some(v);
                }
                let var = &self.script.vars[*i];
                let v = self.eval_without_dd(&var.expr)?;
                if !var.random {
                    self.vars[*i] = Some(v);
                }
                v
            }
            Expr::Length(seat, suit) => deal.hand(*seat).suit(*suit).len() as i32,
            Expr::Count(..) | Expr::Cccc(_) | Expr::Quality(..) | Expr::Shape(..) => {
                let mut dd = NoTricks;
                let mut rand = || 0u32;
                return self.eval(e, &mut dd, &mut rand).ok();
            }
            Expr::HasCard(seat, card) => i32::from(deal.hand(*seat).contains(*card)),
            Expr::Tricks(..) | Expr::Rnd(_) => return None,
            Expr::Score {
                vulnerable,
                contract,
                tricks,
            } => score(*vulnerable, *contract, self.eval_without_dd(tricks)?),
            Expr::Imps(d) => dealer_imps(self.eval_without_dd(d)?),
            Expr::Not(a) => i32::from(self.eval_without_dd(a)? == 0),
            Expr::Cond(c, a, b) => {
                if self.eval_without_dd(c)? != 0 {
                    self.eval_without_dd(a)?
                } else {
                    self.eval_without_dd(b)?
                }
            }
            Expr::At(_, inner) => self.eval_without_dd(inner)?,
            Expr::Binary(BinOp::And, a, b) => match self.eval_without_dd(a) {
                Some(0) => 0,
                Some(_) => i32::from(self.eval_without_dd(b)? != 0),
                None if self.eval_without_dd(b) == Some(0) => 0,
                None => return None,
            },
            Expr::Binary(BinOp::Or, a, b) => match self.eval_without_dd(a) {
                Some(0) => i32::from(self.eval_without_dd(b)? != 0),
                Some(_) => 1,
                None if self.eval_without_dd(b).is_some_and(|y| y != 0) => 1,
                None => return None,
            },
            Expr::Binary(op, a, b) => {
                let x = self.eval_without_dd(a)?;
                let y = self.eval_without_dd(b)?;
                return apply(*op, x, y, Span::default()).ok();
            }
        })
    }

    /// The value of `e` on the current deal.
    pub fn eval(
        &mut self,
        e: &Expr,
        dd: &mut dyn Tricks,
        rand: &mut dyn Rand,
    ) -> Result<i32, RunError> {
        self.eval_at(e, Span::default(), dd, rand)
    }

    fn eval_at(
        &mut self,
        e: &Expr,
        span: Span,
        dd: &mut dyn Tricks,
        rand: &mut dyn Rand,
    ) -> Result<i32, RunError> {
        let deal = &self.deal;
        Ok(match e {
            Expr::Number(n) => *n,
            Expr::Var(i) => {
                if let Some(v) = self.vars[*i] {
                    return Ok(v);
                }
                let var = &self.script.vars[*i];
                let v = self.eval_at(&var.expr, var.span, dd, rand)?;
                if !var.random {
                    self.vars[*i] = Some(v);
                }
                v
            }
            Expr::Length(seat, suit) => deal.hand(*seat).suit(*suit).len() as i32,
            Expr::Count(c, seat, Some(suit)) => self.tables.count(*c, holding(deal, *seat, *suit)),
            Expr::Count(c, seat, None) => Suit::ALL
                .iter()
                .map(|&s| self.tables.count(*c, holding(deal, *seat, s)))
                .fold(0i32, i32::wrapping_add),
            Expr::Cccc(seat) => self.tables.cccc(deal, *seat),
            Expr::Quality(seat, suit) => self.tables.quality[holding(deal, *seat, *suit)],
            Expr::Shape(seat, set) => {
                i32::from(set.contains_id(crate::gen::hand_shape_id(deal.hand(*seat))))
            }
            Expr::HasCard(seat, card) => i32::from(deal.hand(*seat).contains(*card)),
            Expr::Tricks(seat, strain) => self.tricks(*seat, *strain, dd) as i32,
            Expr::Score {
                vulnerable,
                contract,
                tricks,
            } => {
                let t = self.eval_at(tricks, span, dd, rand)?;
                score(*vulnerable, *contract, t)
            }
            Expr::Imps(d) => dealer_imps(self.eval_at(d, span, dd, rand)?),
            Expr::Rnd(n) => {
                let n = self.eval_at(n, span, dd, rand)?;
                crate::gen::rnd_from(n, rand.rand())
            }
            Expr::Not(a) => i32::from(self.eval_at(a, span, dd, rand)? == 0),
            Expr::Cond(c, a, b) => {
                if self.eval_at(c, span, dd, rand)? != 0 {
                    self.eval_at(a, span, dd, rand)?
                } else {
                    self.eval_at(b, span, dd, rand)?
                }
            }
            Expr::At(s, inner) => self.eval_at(inner, *s, dd, rand)?,
            Expr::Binary(op, a, b) => {
                let x = self.eval_at(a, span, dd, rand)?;
                match op {
                    BinOp::And if x == 0 => return Ok(0),
                    BinOp::Or if x != 0 => return Ok(1),
                    _ => {}
                }
                let y = self.eval_at(b, span, dd, rand)?;
                apply(*op, x, y, span)?
            }
        })
    }
}

/// `x op y` for a binary operator (`&&` and `||` on values already evaluated).
fn apply(op: BinOp, x: i32, y: i32, span: Span) -> Result<i32, RunError> {
    Ok(match op {
        BinOp::And | BinOp::Or => i32::from(y != 0),
        BinOp::Eq => i32::from(x == y),
        BinOp::Ne => i32::from(x != y),
        BinOp::Lt => i32::from(x < y),
        BinOp::Le => i32::from(x <= y),
        BinOp::Gt => i32::from(x > y),
        BinOp::Ge => i32::from(x >= y),
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::Div | BinOp::Rem if y == 0 => {
            return Err(RunError::Eval {
                span,
                message: format!(
                    "division by zero in '{} {} 0'",
                    x,
                    crate::lexer::op_text(op)
                ),
            })
        }
        BinOp::Div => x.wrapping_div(y),
        BinOp::Rem => x.wrapping_rem(y),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suit_values() {
        // AKQ: no losers; Qxx: 2; singleton K: 1; void: 0.
        assert_eq!(suit_losers(0b1110000000000), 0);
        assert_eq!(suit_losers(0b0010000000011), 2);
        assert_eq!(suit_losers(0b0100000000000), 1);
        assert_eq!(suit_losers(0), 0);
        assert_eq!(
            DEFAULT_ALTCOUNTS[8],
            [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        );
    }
}
