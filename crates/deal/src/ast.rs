//! The checked syntax tree of a dealer script: every name resolved to its variable, every
//! function checked for its arguments, every shape list a [`ShapeSet`].
//!
//! This is the stable interface between the parser and the evaluators: a program can build
//! or walk these trees (for instance to find which hands and which double-dummy results a
//! condition reads) without knowing the text.

use crate::error::Span;
use crate::gen::ShapeSet;
pub use crate::lexer::BinOp;
use ddsolve::par::Doubling;
use ddsolve_cards::{Card, Seat, Strain, Suit};
use smallvec::SmallVec;
use std::fmt;

/// A count summed over a hand or one suit of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// `hcp`: the `pointcount` table (4-3-2-1 unless changed).
    Hcp,
    /// `pt0`..`pt9` (`tens` .. `c13`): the `altcount` tables.
    Pt(u8),
    /// `loser`: losers (0 to 3 a suit).
    Loser,
    /// `control`: ace 2, king 1.
    Control,
}

/// A contract in `score(...)`: level 1..=7, strain, and doubled or redoubled (`x4Sx`,
/// `x6Cxx`: our extension; dealer has only undoubled contracts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// 1..=7.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
    /// Undoubled, doubled or redoubled.
    pub doubling: Doubling,
}

impl Contract {
    /// The contract of dealer's token: `x`, a level, a strain letter (`C D H S N`, either
    /// case), then `x` for doubled or `xx` for redoubled: `x3N`, `x4Sx`, `x6Cxx`. `None` if
    /// `token` is not one.
    pub fn from_dealer_token(token: &str) -> Option<Contract> {
        let rest = token.strip_prefix(['x', 'X'])?;
        let mut chars = rest.chars();
        let level = chars.next()?.to_digit(10)? as u8;
        let strain = match chars.next()?.to_ascii_uppercase() {
            'C' => Strain::Clubs,
            'D' => Strain::Diamonds,
            'H' => Strain::Hearts,
            'S' => Strain::Spades,
            'N' => Strain::NoTrump,
            _ => return None,
        };
        let doubling = match chars.as_str() {
            "" => Doubling::Undoubled,
            "x" | "X" => Doubling::Doubled,
            "xx" | "XX" => Doubling::Redoubled,
            _ => return None,
        };
        (1..=7).contains(&level).then_some(Contract {
            level,
            strain,
            doubling,
        })
    }
}

impl fmt::Display for Contract {
    /// dealer's token: `x3N`, `x4Sx`, `x6Cxx`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "x{}{}{}",
            self.level,
            self.strain.letter(),
            self.doubling.suffix()
        )
    }
}

/// An expression. Values are C `int`s (32 bits, wrapping); a comparison or logical operator
/// gives 0 or 1.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number.
    Number(i32),
    /// A variable, by its index in [`crate::Script::vars`].
    Var(usize),
    /// `spades(north)`: a suit's length.
    Length(Seat, Suit),
    /// `hcp(north)`, `hcp(north, spades)`, `pt3(..)`, `loser(..)`, `control(..)`.
    Count(Count, Seat, Option<Suit>),
    /// `cccc(north)`: Kaplan-Rubens hand value times 100.
    Cccc(Seat),
    /// `quality(north, spades)`: Kaplan-Rubens suit quality times 100.
    Quality(Seat, Suit),
    /// `shape(north, any 4333 + 5xxx - 55xx)`: 1 if the seat's shape is in the set.
    Shape(Seat, Box<ShapeSet>),
    /// `hascard(north, AS)`.
    HasCard(Seat, Card),
    /// `tricks(north, spades)`: the double-dummy tricks of that declarer in that strain.
    Tricks(Seat, Strain),
    /// `score(vul, x3N, tricks)`: declarer's score (negative when down).
    Score {
        /// Vulnerable?
        vulnerable: bool,
        /// The contract.
        contract: Contract,
        /// Tricks taken by declarer.
        tricks: Box<Expr>,
    },
    /// `imps(difference)`.
    Imps(Box<Expr>),
    /// `rnd(n)`: a random number in `0..n` (0 when `n <= 0`).
    Rnd(Box<Expr>),
    /// `!e`, `not e`.
    Not(Box<Expr>),
    /// `a op b`; `&&` and `||` evaluate `b` only when needed, as C does.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Where a sub-expression that can fail at run time (`/`, `%`) is, for its message.
    At(Span, Box<Expr>),
}

impl Expr {
    /// Calls `f` on this expression and each sub-expression (not through variables).
    pub fn visit(&self, f: &mut impl FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Score { tricks: e, .. } | Expr::Imps(e) | Expr::Rnd(e) | Expr::Not(e) => {
                e.visit(f)
            }
            Expr::At(_, e) => e.visit(f),
            Expr::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Expr::Cond(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            _ => {}
        }
    }
}

/// A named expression (`name = expr`).
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// Its name.
    pub name: String,
    /// Its expression (variables it uses come earlier in [`crate::Script::vars`]).
    pub expr: Expr,
    /// Where it is defined.
    pub span: Span,
    /// Whether it (or a variable it uses) calls `rnd`: such a variable is evaluated at each
    /// use, as dealer does; the others once a deal.
    pub random: bool,
}

/// One item of `printes(...)`.
#[derive(Clone, Debug, PartialEq)]
pub enum PrintItem {
    /// A string, printed as it is.
    Str(String),
    /// An expression, printed as a decimal number.
    Expr(Expr),
}

/// The seats of `print(...)`, inline up to 4, the four seats; a longer list (a seat named
/// twice) spills to the heap.
pub type PrintSeats = SmallVec<[Seat; 4]>;

/// An action.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// `printall`: the four hands side by side, numbered.
    PrintAll,
    /// `printew`: West and East side by side.
    PrintEw,
    /// `print(north, south)`: at the end, each listed seat's hands on a page of its own.
    Print(PrintSeats),
    /// `printpbn`: a PBN game per deal.
    PrintPbn,
    /// `printcompact` or `printcompact(expr)`: a line per hand, then the value.
    PrintCompact(Option<Expr>),
    /// `printoneline` or `printoneline(expr)`: the deal on one line, then the value.
    PrintOneLine(Option<Expr>),
    /// `printes(items)`: strings and values.
    // A Vec, not a SmallVec: the items are read at every deal, where a SmallVec's test of
    // where its items are costs more than the allocation it saves once a script.
    PrintEs(Vec<PrintItem>),
    /// `average "label" expr`.
    Average(Option<String>, Expr),
    /// `frequency "label" (expr, low, high)`.
    Frequency(Option<String>, Expr, i32, i32),
    /// `frequency "label" (expr, low, high, expr2, low2, high2)`.
    Frequency2(Option<String>, [(Expr, i32, i32); 2]),
    /// `evalcontract`: at the end, the average score of every contract for South and for
    /// West as declarer, not vulnerable and vulnerable (from the double-dummy tricks).
    EvalContract,
}

/// `vulnerable none|NS|EW|all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vulnerable {
    /// Neither side.
    None,
    /// North-South.
    Ns,
    /// East-West.
    Ew,
    /// Both sides.
    All,
}

impl Vulnerable {
    /// PBN's name: `None`, `NS`, `EW`, `All`.
    pub fn pbn(self) -> &'static str {
        match self {
            Vulnerable::None => "None",
            Vulnerable::Ns => "NS",
            Vulnerable::Ew => "EW",
            Vulnerable::All => "All",
        }
    }
}
