//! A recursive-descent parser of the dealer language into the checked tree of [`crate::ast`].
//!
//! Expressions use C's precedence and associativity, as Debian's `dealer` does (its
//! `Descr.test_operator_order` example is the test): `?:` lowest and right-associative,
//! then `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* / %`, and the unary `!`. A minus sign
//! makes a negative number only (dealer's grammar has no unary minus on expressions).
//! Binary operators are parsed by precedence climbing.
//!
//! The parser is written by hand rather than with a parser library. The grammar is small (a
//! page of yacc). Its oddities take a few lines each by hand and are awkward in a combinator
//! or PEG grammar: words that are holdings, cards or shapes by their letters, a number that
//! is also a shape, an optional separator in shape lists, a definition told from a bare
//! condition by the `=` after a name. And the errors we want (line, column, what was
//! expected, in the words of the language) come straight from the point of failure.

use crate::ast::{
    Action, BinOp, Contract, Count, Expr, PrintItem, PrintSeats, Variable, Vulnerable,
};
use crate::error::{ScriptError, Span};
use crate::gen::{seat_name, Predeal, PredealError, ShapeSet};
use crate::lexer::{tokenize, Keyword as K, Tok, Token};
use crate::script::Script;
use ddsolve::par::Doubling;
use ddsolve_cards::{Card, Seat, Strain, Suit};

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    script: Script,
}

type R<T> = Result<T, ScriptError>;

/// Parses and checks a whole script.
pub fn parse(src: &str) -> R<Script> {
    let mut p = Parser {
        toks: tokenize(src)?,
        pos: 0,
        script: Script::default(),
    };
    p.defs()?;
    Ok(p.script)
}

/// Parses one expression in the context of `script` (its variables), as the whole of `src`.
pub fn parse_expression(script: &Script, src: &str) -> R<Expr> {
    let mut p = Parser {
        toks: tokenize(src)?,
        pos: 0,
        script: script.clone(),
    };
    let e = p.expr()?;
    if *p.peek() != Tok::Eof {
        return p.err("the end of the expression");
    }
    Ok(e)
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn peek2(&self) -> &Tok {
        &self.toks[(self.pos + 1).min(self.toks.len() - 1)].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos].span
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn err<T>(&self, what: &str) -> R<T> {
        Err(ScriptError::new(
            self.span(),
            format!("expected {what} but found {}", self.peek().describe()),
        ))
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, t: &Tok, what: &str) -> R<()> {
        if self.eat(t) {
            Ok(())
        } else {
            self.err(what)
        }
    }

    fn defs(&mut self) -> R<()> {
        loop {
            let span = self.span();
            match self.peek().clone() {
                Tok::Eof => return Ok(()),
                Tok::Keyword(k) if *self.peek2() == Tok::Assign && !is_command(k) => {
                    return Err(ScriptError::new(
                        span,
                        format!(
                            "'{}' is a reserved word and cannot name a variable",
                            crate::lexer::keyword_text(k)
                        ),
                    ));
                }
                Tok::Keyword(K::Generate) => {
                    self.bump();
                    self.script.generate = Some(self.count("the number of deals to generate")?);
                }
                Tok::Keyword(K::Produce) => {
                    self.bump();
                    self.script.produce = Some(self.count("the number of deals to produce")?);
                }
                Tok::Keyword(K::Vulnerable) => {
                    self.bump();
                    let v = match self.peek() {
                        Tok::Keyword(K::VulNone) => Vulnerable::None,
                        Tok::Keyword(K::VulNs) => Vulnerable::Ns,
                        Tok::Keyword(K::VulEw) => Vulnerable::Ew,
                        Tok::Keyword(K::VulAll) => Vulnerable::All,
                        _ => return self.err("none, NS, EW or all after 'vulnerable'"),
                    };
                    self.bump();
                    self.script.vulnerable = Some(v);
                }
                Tok::Keyword(K::Dealer) => {
                    self.bump();
                    self.script.dealer = Some(self.seat()?);
                }
                Tok::Keyword(K::Predeal) => {
                    self.bump();
                    self.predeal()?;
                }
                Tok::Keyword(K::Pointcount) => {
                    self.bump();
                    self.script.pointcount = self.count_table(span)?;
                }
                Tok::Keyword(K::Altcount) => {
                    self.bump();
                    let n_span = self.span();
                    let n = self.number()?;
                    if !(0..=9).contains(&n) {
                        return Err(ScriptError::new(
                            n_span,
                            format!("altcount numbers the counts 0 to 9, not {n}"),
                        ));
                    }
                    self.script.altcount[n as usize] = self.count_table(span)?;
                }
                Tok::Keyword(K::Condition) => {
                    self.bump();
                    self.script.condition = Some(self.expr()?);
                }
                Tok::Keyword(K::Action) => {
                    self.bump();
                    self.script.actions = Some(self.actions()?);
                }
                Tok::Ident(name) if *self.peek2() == Tok::Assign => {
                    self.bump();
                    self.bump();
                    if self.script.vars.iter().any(|v| v.name == name) {
                        return Err(ScriptError::new(
                            span,
                            format!("the variable '{name}' is defined twice"),
                        ));
                    }
                    let expr = self.expr()?;
                    let mut random = false;
                    expr.visit(&mut |e| match e {
                        Expr::Rnd(_) => random = true,
                        Expr::Var(i) => random |= self.script.vars[*i].random,
                        _ => {}
                    });
                    self.script.vars.push(Variable {
                        name,
                        expr,
                        span,
                        random,
                    });
                }
                _ => {
                    if !starts_expr(self.peek()) {
                        return self.err("a command (generate, produce, condition, action, ...), a definition or a condition");
                    }
                    self.script.condition = Some(self.expr()?);
                }
            }
        }
    }

    /// A non-negative count for generate/produce.
    fn count(&mut self, what: &str) -> R<u64> {
        let span = self.span();
        match self.number() {
            Ok(n) if n >= 0 => Ok(n as u64),
            Ok(n) => Err(ScriptError::new(
                span,
                format!("expected {what} but found the negative number {n}"),
            )),
            Err(_) => self.err(what),
        }
    }

    /// `number`: a number, a minus sign and a number, or a four-digit number.
    fn number(&mut self) -> R<i32> {
        match self.peek().clone() {
            Tok::Number(n, _) => {
                self.bump();
                Ok(n)
            }
            Tok::Op(BinOp::Sub) => {
                if let Tok::Number(n, _) = *self.peek2() {
                    self.bump();
                    self.bump();
                    Ok(n.wrapping_neg())
                } else {
                    self.bump();
                    self.err("a number after '-'")
                }
            }
            _ => self.err("a number"),
        }
    }

    fn count_table(&mut self, span: Span) -> R<[i32; 13]> {
        let mut t = [0i32; 13];
        let mut i = 0;
        while matches!(self.peek(), Tok::Number(..))
            || (*self.peek() == Tok::Op(BinOp::Sub) && matches!(self.peek2(), Tok::Number(..)))
        {
            let s = self.span();
            let n = self.number()?;
            if i >= 13 {
                return Err(ScriptError::new(
                    s,
                    "too many point values: a count has 13, from the ace down to the two",
                ));
            }
            t[i] = n;
            i += 1;
        }
        let _ = span;
        Ok(t)
    }

    fn seat(&mut self) -> R<Seat> {
        if let Tok::Seat(s) = *self.peek() {
            self.bump();
            Ok(s)
        } else {
            self.err("a seat (north, east, south or west)")
        }
    }

    fn suit(&mut self) -> R<Suit> {
        if let Tok::Suit(s) = *self.peek() {
            self.bump();
            Ok(s)
        } else {
            self.err("a suit (clubs, diamonds, hearts or spades)")
        }
    }

    fn predeal(&mut self) -> R<()> {
        let mut any = false;
        loop {
            match self.peek().clone() {
                Tok::Seat(seat) => {
                    self.bump();
                    loop {
                        let span = self.span();
                        let Tok::Holding(suit, ranks) = self.peek().clone() else {
                            return self.err(&format!(
                                "a holding for {} (a suit letter and ranks: SAK, H)",
                                seat_name(seat)
                            ));
                        };
                        self.bump();
                        for r in ranks {
                            let card = Card::new(suit, r);
                            self.script
                                .predeal
                                .add(seat, card)
                                .map_err(|e| predeal_error(span, &e, card))?;
                        }
                        if !(*self.peek() == Tok::Comma && matches!(self.peek2(), Tok::Holding(..)))
                        {
                            break;
                        }
                        self.bump();
                    }
                }
                Tok::Suit(suit) if *self.peek2() == Tok::LParen => {
                    let span = self.span();
                    self.bump();
                    self.bump();
                    let seat = self.seat()?;
                    self.expect(&Tok::RParen, "')'")?;
                    self.expect(&Tok::Op(BinOp::Eq), "'=='")?;
                    let n_span = self.span();
                    let n = self.number()?;
                    if !(0..=13).contains(&n) {
                        return Err(ScriptError::new(
                            n_span,
                            format!("a suit length is 0 to 13, not {n}"),
                        ));
                    }
                    Predeal::require_length(&mut self.script.predeal, seat, suit, n as u8)
                        .map_err(|e| ScriptError::new(span, e.to_string()))?;
                }
                _ if any => return Ok(()),
                _ => return self.err("a seat and its cards (north SAK, HQ) or spades(north)==1"),
            }
            any = true;
        }
    }

    fn actions(&mut self) -> R<Vec<Action>> {
        let mut list = Vec::new();
        loop {
            let Tok::Keyword(k) = *self.peek() else {
                return Ok(list);
            };
            let a = match k {
                K::PrintAll => {
                    self.bump();
                    Action::PrintAll
                }
                K::PrintEw => {
                    self.bump();
                    Action::PrintEw
                }
                K::PrintPbn => {
                    self.bump();
                    Action::PrintPbn
                }
                K::EvalContract => {
                    self.bump();
                    Action::EvalContract
                }
                K::PrintCompact | K::PrintOneLine => {
                    self.bump();
                    let e = if self.eat(&Tok::LParen) {
                        let e = self.expr()?;
                        self.expect(&Tok::RParen, "')'")?;
                        Some(e)
                    } else {
                        None
                    };
                    if k == K::PrintCompact {
                        Action::PrintCompact(e)
                    } else {
                        Action::PrintOneLine(e)
                    }
                }
                K::PrintEs => {
                    self.bump();
                    self.expect(&Tok::LParen, "'(' after printes")?;
                    let mut items = Vec::new();
                    loop {
                        if let Tok::Str(s) = self.peek().clone() {
                            self.bump();
                            items.push(PrintItem::Str(s));
                        } else {
                            items.push(PrintItem::Expr(self.expr()?));
                        }
                        if !self.eat(&Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(&Tok::RParen, "',' or ')'")?;
                    Action::PrintEs(items)
                }
                K::Print => {
                    self.bump();
                    self.expect(&Tok::LParen, "'(' after print")?;
                    let mut seats = PrintSeats::new();
                    seats.push(self.seat()?);
                    while self.eat(&Tok::Comma) {
                        seats.push(self.seat()?);
                    }
                    self.expect(&Tok::RParen, "',' or ')'")?;
                    Action::Print(seats)
                }
                K::Average => {
                    self.bump();
                    let label = self.opt_string();
                    Action::Average(label, self.expr()?)
                }
                K::Frequency => {
                    self.bump();
                    let label = self.opt_string();
                    self.expect(&Tok::LParen, "'(' after frequency")?;
                    let e = self.expr()?;
                    let (lo, hi) = self.bounds()?;
                    if self.eat(&Tok::Comma) {
                        let e2 = self.expr()?;
                        let (lo2, hi2) = self.bounds()?;
                        self.expect(&Tok::RParen, "')'")?;
                        Action::Frequency2(label, [(e, lo, hi), (e2, lo2, hi2)])
                    } else {
                        self.expect(&Tok::RParen, "',' or ')'")?;
                        Action::Frequency(label, e, lo, hi)
                    }
                }
                _ => return Ok(list),
            };
            list.push(a);
            if !self.eat(&Tok::Comma) {
                return Ok(list);
            }
        }
    }

    fn bounds(&mut self) -> R<(i32, i32)> {
        self.expect(&Tok::Comma, "',' and the lowest value")?;
        let lo = self.number()?;
        self.expect(&Tok::Comma, "',' and the highest value")?;
        let span = self.span();
        let hi = self.number()?;
        if hi < lo {
            return Err(ScriptError::new(
                span,
                format!("the highest value {hi} is below the lowest {lo}"),
            ));
        }
        if hi as i64 - lo as i64 > 1 << 20 {
            return Err(ScriptError::new(span, "too many values to count"));
        }
        Ok((lo, hi))
    }

    fn opt_string(&mut self) -> Option<String> {
        if let Tok::Str(s) = self.peek().clone() {
            self.bump();
            Some(s)
        } else {
            None
        }
    }

    /// An expression.
    pub fn expr(&mut self) -> R<Expr> {
        let c = self.binary(1)?;
        if self.eat(&Tok::Question) {
            let a = self.expr()?;
            self.expect(&Tok::Colon, "':'")?;
            let b = self.expr()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn binary(&mut self, min: u8) -> R<Expr> {
        let mut lhs = self.unary()?;
        loop {
            let op = match *self.peek() {
                Tok::Op(op) => op,
                Tok::Keyword(K::And) => BinOp::And,
                Tok::Keyword(K::Or) => BinOp::Or,
                _ => return Ok(lhs),
            };
            let p = op.precedence();
            if p < min {
                return Ok(lhs);
            }
            let span = self.span();
            self.bump();
            let rhs = self.binary(p + 1)?;
            let e = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
            lhs = if matches!(op, BinOp::Div | BinOp::Rem) {
                Expr::At(span, Box::new(e))
            } else {
                e
            };
        }
    }

    fn unary(&mut self) -> R<Expr> {
        match self.peek() {
            Tok::Bang | Tok::Keyword(K::Not) => {
                self.bump();
                Ok(Expr::Not(Box::new(self.unary()?)))
            }
            _ => self.primary(),
        }
    }

    /// `(seat)` or `(seat, suit)`.
    fn seat_opt_suit(&mut self) -> R<(Seat, Option<Suit>)> {
        self.expect(&Tok::LParen, "'('")?;
        let seat = self.seat()?;
        let suit = if self.eat(&Tok::Comma) {
            Some(self.suit()?)
        } else {
            None
        };
        self.expect(&Tok::RParen, "')'")?;
        Ok((seat, suit))
    }

    fn primary(&mut self) -> R<Expr> {
        let span = self.span();
        match self.peek().clone() {
            Tok::Number(..) | Tok::Op(BinOp::Sub) => Ok(Expr::Number(self.number()?)),
            Tok::Ident(name) => {
                self.bump();
                match self.script.vars.iter().position(|v| v.name == name) {
                    Some(i) => Ok(Expr::Var(i)),
                    None => Err(ScriptError::new(
                        span,
                        format!("unknown variable '{name}' (a variable is defined before its use)"),
                    )),
                }
            }
            Tok::LParen => {
                self.bump();
                let e = self.expr()?;
                self.expect(&Tok::RParen, "')'")?;
                Ok(e)
            }
            Tok::Suit(suit) => {
                self.bump();
                self.expect(&Tok::LParen, "'('")?;
                let seat = self.seat()?;
                self.expect(&Tok::RParen, "')'")?;
                Ok(Expr::Length(seat, suit))
            }
            Tok::Keyword(k) => {
                self.bump();
                self.function(k, span)
            }
            _ => self.err("an expression"),
        }
    }

    fn function(&mut self, k: K, span: Span) -> R<Expr> {
        let count = match k {
            K::Hcp => Some(Count::Hcp),
            K::Pt(n) => Some(Count::Pt(n)),
            K::Loser => Some(Count::Loser),
            K::Control => Some(Count::Control),
            _ => None,
        };
        if let Some(c) = count {
            let (seat, suit) = self.seat_opt_suit()?;
            return Ok(Expr::Count(c, seat, suit));
        }
        match k {
            K::Cccc => {
                self.expect(&Tok::LParen, "'('")?;
                let seat = self.seat()?;
                self.expect(&Tok::RParen, "')' (cccc takes a seat only)")?;
                Ok(Expr::Cccc(seat))
            }
            K::Quality => {
                self.expect(&Tok::LParen, "'('")?;
                let seat = self.seat()?;
                self.expect(&Tok::Comma, "',' and a suit")?;
                let suit = self.suit()?;
                self.expect(&Tok::RParen, "')'")?;
                Ok(Expr::Quality(seat, suit))
            }
            K::Shape => {
                self.expect(&Tok::LParen, "'('")?;
                let seat = self.seat()?;
                self.expect(&Tok::Comma, "',' and a list of shapes")?;
                let set = self.shape_list()?;
                Ok(Expr::Shape(seat, Box::new(set)))
            }
            K::HasCard => {
                self.expect(&Tok::LParen, "'('")?;
                let seat = self.seat()?;
                self.expect(&Tok::Comma, "',' and a card")?;
                let Tok::Card(card) = *self.peek() else {
                    return self.err("a card, rank then suit (AS, TC)");
                };
                self.bump();
                self.expect(&Tok::RParen, "')'")?;
                Ok(Expr::HasCard(seat, card))
            }
            K::Tricks => {
                self.expect(&Tok::LParen, "'('")?;
                let seat = self.seat()?;
                self.expect(&Tok::Comma, "',' and a strain")?;
                let strain = match *self.peek() {
                    Tok::Suit(s) => s.strain(),
                    Tok::Keyword(K::NoTrump) => Strain::NoTrump,
                    _ => return self.err("a strain (clubs, diamonds, hearts, spades or notrump)"),
                };
                self.bump();
                self.expect(&Tok::RParen, "')'")?;
                Ok(Expr::Tricks(seat, strain))
            }
            K::Score => {
                self.expect(&Tok::LParen, "'('")?;
                let vulnerable = match *self.peek() {
                    Tok::Keyword(K::Vul) => true,
                    Tok::Keyword(K::NonVul) => false,
                    _ => return self.err("vul or nv"),
                };
                self.bump();
                self.expect(&Tok::Comma, "',' and a contract")?;
                let Tok::Contract(level, strain, doubled) = *self.peek() else {
                    return self.err("a contract such as x3N or x4S (x, level, strain)");
                };
                self.bump();
                self.expect(&Tok::Comma, "',' and the tricks")?;
                let tricks = self.expr()?;
                self.expect(&Tok::RParen, "')'")?;
                Ok(Expr::Score {
                    vulnerable,
                    contract: Contract {
                        level,
                        strain: Strain::from_index(strain as usize).unwrap_or(Strain::NoTrump),
                        doubling: match doubled {
                            0 => Doubling::Undoubled,
                            1 => Doubling::Doubled,
                            _ => Doubling::Redoubled,
                        },
                    },
                    tricks: Box::new(tricks),
                })
            }
            K::Imps | K::Rnd => {
                self.expect(&Tok::LParen, "'('")?;
                let e = Box::new(self.expr()?);
                self.expect(&Tok::RParen, "')'")?;
                Ok(if k == K::Imps {
                    Expr::Imps(e)
                } else {
                    Expr::Rnd(e)
                })
            }
            _ => Err(ScriptError::new(
                span,
                format!(
                    "expected an expression but found the keyword '{}'",
                    crate::lexer::keyword_text(k)
                ),
            )),
        }
    }

    /// `shape`'s list: shapes joined by `+`, `-`, `,` or nothing, each perhaps after `any`;
    /// applied in order (`-` removes from what the earlier ones added).
    fn shape_list(&mut self) -> R<ShapeSet> {
        let mut set = ShapeSet::EMPTY;
        let mut first = true;
        loop {
            let mut minus = false;
            match self.peek() {
                Tok::Op(BinOp::Add) | Tok::Comma => {
                    self.bump();
                }
                Tok::Op(BinOp::Sub) => {
                    self.bump();
                    minus = true;
                }
                Tok::RParen if !first => {
                    self.bump();
                    return Ok(set);
                }
                _ => {}
            }
            let any = self.eat(&Tok::Keyword(K::Any));
            let span = self.span();
            let pattern: [Option<u8>; 4] = match self.peek().clone() {
                Tok::Distr(d) => d,
                Tok::Number(_, Some(d)) => d.map(Some),
                Tok::Number(..) => {
                    return Err(ScriptError::new(
                        span,
                        "a shape has four digits or x, one per suit (spades first)",
                    ))
                }
                _ if first => return self.err("a shape (4333, 5xxx, any 4432)"),
                _ => return self.err("a shape, '+', '-' or ')'"),
            };
            self.bump();
            let sum: u32 = pattern.iter().flatten().map(|&d| d as u32).sum();
            let has_x = pattern.iter().any(Option::is_none);
            if !has_x && sum != 13 {
                return Err(ScriptError::new(
                    span,
                    format!("wrong number of cards in shape: {sum}, not 13"),
                ));
            }
            if has_x && sum > 13 {
                return Err(ScriptError::new(
                    span,
                    format!("too many cards in ambiguous shape: {sum}"),
                ));
            }
            let s = if any {
                ShapeSet::from_pattern_any(&pattern)
            } else {
                ShapeSet::from_pattern(&pattern)
            };
            if minus {
                set = set - s;
            } else {
                set |= s;
            }
            first = false;
        }
    }
}

fn is_command(k: K) -> bool {
    matches!(k, K::Condition | K::Action)
}

fn starts_expr(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Number(..)
            | Tok::Ident(_)
            | Tok::LParen
            | Tok::Suit(_)
            | Tok::Bang
            | Tok::Op(BinOp::Sub)
            | Tok::Keyword(
                K::Hcp
                    | K::Pt(_)
                    | K::Loser
                    | K::Control
                    | K::Cccc
                    | K::Quality
                    | K::Shape
                    | K::HasCard
                    | K::Tricks
                    | K::Score
                    | K::Imps
                    | K::Rnd
                    | K::Not
            )
    )
}

fn predeal_error(span: Span, e: &PredealError, card: Card) -> ScriptError {
    let card = format!("{}{}", card.suit().letter(), card.rank().letter());
    let msg = match e {
        PredealError::CardTwice { holder, .. } => {
            format!(
                "the card {card} is predealt twice (to {} already)",
                seat_name(*holder)
            )
        }
        PredealError::TooManyCards { seat, .. } => {
            format!(
                "more than 13 cards predealt to {} (at {card})",
                seat_name(*seat)
            )
        }
        other => other.to_string(),
    };
    ScriptError::new(span, msg)
}
