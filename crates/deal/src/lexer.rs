//! The dealer language's tokens, as Debian's `dealer` reads them.
//!
//! Keywords are reserved and lowercase (`hcp`, `north`, `spades`); many have a singular and a
//! plural form. A word that looks like a predeal holding (`SAK`, `H`), a card (`AS`, `TC`),
//! a contract (`x3N`) or a shape with an `x` (`5xxx`) is that, never a name. Comments are `#`
//! to the end of the line, `//` to the end of the line, and `/* ... */`. Strings are
//! `"..."`, may span lines, and have no escapes (dealer prints `\n` as a backslash and an n).

use crate::error::{ScriptError, Span};
use ddsolve_cards::{Card, Rank, Seat, Suit};

/// A reserved word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Keyword {
    Generate,
    Produce,
    Vulnerable,
    Dealer,
    Predeal,
    Pointcount,
    Altcount,
    Condition,
    Action,
    Print,
    PrintAll,
    PrintEw,
    PrintPbn,
    PrintCompact,
    PrintOneLine,
    PrintEs,
    EvalContract,
    Average,
    Frequency,
    Shape,
    Any,
    HasCard,
    Hcp,
    Loser,
    Control,
    Cccc,
    Quality,
    Tricks,
    Score,
    Imps,
    Rnd,
    NoTrump,
    /// `pt0`..`pt9` and their names (`tens`, `jacks`, ..., `c13`).
    Pt(u8),
    Not,
    And,
    Or,
    /// `nv` in `score(nv, ...)`.
    NonVul,
    /// `vul` in `score(vul, ...)`.
    Vul,
    /// `none`, `NS`/`ns`, `EW`/`ew`, `all` after `vulnerable`.
    VulNone,
    VulNs,
    VulEw,
    VulAll,
}

/// The reserved words and what they mean.
const KEYWORDS: &[(&str, Keyword)] = {
    use Keyword::*;
    &[
        ("generate", Generate),
        ("produce", Produce),
        ("vulnerable", Vulnerable),
        ("dealer", Dealer),
        ("predeal", Predeal),
        ("pointcount", Pointcount),
        ("altcount", Altcount),
        ("condition", Condition),
        ("action", Action),
        ("print", Print),
        ("printall", PrintAll),
        ("printew", PrintEw),
        ("printpbn", PrintPbn),
        ("printcompact", PrintCompact),
        ("printoneline", PrintOneLine),
        ("printes", PrintEs),
        ("evalcontract", EvalContract),
        ("average", Average),
        ("frequency", Frequency),
        ("shape", Shape),
        ("any", Any),
        ("hascard", HasCard),
        ("hcp", Hcp),
        ("hcps", Hcp),
        ("loser", Loser),
        ("losers", Loser),
        ("control", Control),
        ("controls", Control),
        ("cccc", Cccc),
        ("quality", Quality),
        ("trick", Tricks),
        ("tricks", Tricks),
        ("score", Score),
        ("imp", Imps),
        ("imps", Imps),
        ("rnd", Rnd),
        ("notrump", NoTrump),
        ("notrumps", NoTrump),
        ("pt0", Pt(0)),
        ("pt1", Pt(1)),
        ("pt2", Pt(2)),
        ("pt3", Pt(3)),
        ("pt4", Pt(4)),
        ("pt5", Pt(5)),
        ("pt6", Pt(6)),
        ("pt7", Pt(7)),
        ("pt8", Pt(8)),
        ("pt9", Pt(9)),
        ("ten", Pt(0)),
        ("tens", Pt(0)),
        ("jack", Pt(1)),
        ("jacks", Pt(1)),
        ("queen", Pt(2)),
        ("queens", Pt(2)),
        ("king", Pt(3)),
        ("kings", Pt(3)),
        ("ace", Pt(4)),
        ("aces", Pt(4)),
        ("top2", Pt(5)),
        ("top3", Pt(6)),
        ("top4", Pt(7)),
        ("top5", Pt(8)),
        ("c13", Pt(9)),
        ("not", Not),
        ("and", And),
        ("or", Or),
        ("nv", NonVul),
        ("vul", Vul),
        ("none", VulNone),
        ("NS", VulNs),
        ("ns", VulNs),
        ("EW", VulEw),
        ("ew", VulEw),
        ("all", VulAll),
    ]
};

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `||`, `or`
    Or,
    /// `&&`, `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

impl BinOp {
    /// C's precedence, as dealer uses it: `||` lowest (1), then `&&`, equality, comparison,
    /// `+ -`, and `* / %` highest (6). All are left-associative.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne => 3,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
            BinOp::Add | BinOp::Sub => 5,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 6,
        }
    }
}

/// A token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A number; a four-digit one also reads as a shape (`4333`).
    Number(i32, Option<[u8; 4]>),
    /// A shape with at least one `x`, spades first (`5xxx`: `[Some(5), None, None, None]`).
    Distr([Option<u8>; 4]),
    /// A string without its quotes.
    Str(String),
    /// A name.
    Ident(String),
    /// A reserved word.
    Keyword(Keyword),
    /// `north`, `east`, `south`, `west`.
    Seat(Seat),
    /// `club(s)`, `diamond(s)`, `heart(s)`, `spade(s)`.
    Suit(Suit),
    /// A card: rank then suit (`AS`, `TC`).
    Card(Card),
    /// A predeal holding: a suit letter then ranks (`SAK`, `H` for none).
    Holding(Suit, Vec<Rank>),
    /// A contract `x3N` (level, strain index 0..=4 in DDS order, doubling 0..=2: our
    /// extension `x3NX`, `x3NXX`).
    Contract(u8, u8, u8),
    /// A binary operator.
    Op(BinOp),
    /// `!`
    Bang,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `,`
    Comma,
    /// `=`
    Assign,
    /// The end of the script.
    Eof,
}

impl Tok {
    /// How the token reads in a message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Number(n, _) => format!("the number {n}"),
            Tok::Distr(_) => "a shape".into(),
            Tok::Str(s) => format!("the string \"{s}\""),
            Tok::Ident(s) => format!("the name '{s}'"),
            Tok::Keyword(k) => format!("the keyword '{}'", keyword_text(*k)),
            Tok::Seat(s) => format!("the seat '{}'", crate::gen::seat_name(*s).to_lowercase()),
            Tok::Suit(s) => format!("the suit '{}s'", crate::gen::suit_name(*s).to_lowercase()),
            Tok::Card(c) => format!("the card {}{}", c.rank().letter(), c.suit().letter()),
            Tok::Holding(s, r) => format!(
                "the holding {}{}",
                s.letter(),
                r.iter().map(|r| r.letter()).collect::<String>()
            ),
            Tok::Contract(..) => "a contract".into(),
            Tok::Op(op) => format!("'{}'", op_text(*op)),
            Tok::Bang => "'!'".into(),
            Tok::Question => "'?'".into(),
            Tok::Colon => "':'".into(),
            Tok::LParen => "'('".into(),
            Tok::RParen => "')'".into(),
            Tok::Comma => "','".into(),
            Tok::Assign => "'='".into(),
            Tok::Eof => "the end of the script".into(),
        }
    }
}

/// A keyword's first spelling.
pub fn keyword_text(k: Keyword) -> &'static str {
    KEYWORDS
        .iter()
        .find(|(_, kw)| *kw == k)
        .map_or("?", |(s, _)| s)
}

/// An operator's spelling.
pub fn op_text(op: BinOp) -> &'static str {
    match op {
        BinOp::Or => "||",
        BinOp::And => "&&",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
    }
}

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Where it starts.
    pub span: Span,
}

struct Lexer<'a> {
    chars: Vec<char>,
    pos: usize,
    line: u32,
    column: u32,
    _src: &'a str,
}

impl Lexer<'_> {
    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.pos).copied()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn span(&self) -> Span {
        Span {
            line: self.line,
            column: self.column,
        }
    }

    /// Skips blanks and comments.
    fn skip(&mut self) -> Result<(), ScriptError> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('#'), _) | (Some('/'), Some('/')) => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    let start = self.span();
                    self.bump();
                    self.bump();
                    loop {
                        match (self.peek(0), self.peek(1)) {
                            (Some('*'), Some('/')) => {
                                self.bump();
                                self.bump();
                                break;
                            }
                            (Some(_), _) => {
                                self.bump();
                            }
                            (None, _) => {
                                return Err(ScriptError::new(
                                    start,
                                    "a comment '/*' not closed by '*/' before the end",
                                ))
                            }
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn word(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self
            .peek(0)
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            s.push(c);
            self.bump();
        }
        s
    }

    fn next(&mut self) -> Result<Token, ScriptError> {
        self.skip()?;
        let span = self.span();
        let Some(c) = self.peek(0) else {
            return Ok(Token {
                tok: Tok::Eof,
                span,
            });
        };
        let tok = if c.is_ascii_digit() {
            self.number(span)?
        } else if c.is_ascii_alphabetic() || c == '_' {
            let w = self.word();
            classify(&w)
        } else if c == '"' {
            self.bump();
            let mut s = String::new();
            loop {
                match self.bump() {
                    Some('"') => break,
                    Some(c) => s.push(c),
                    None => {
                        return Err(ScriptError::new(
                            span,
                            "a string not closed by '\"' before the end",
                        ))
                    }
                }
            }
            Tok::Str(s)
        } else {
            self.bump();
            let two = |l: &mut Self, next: char| {
                if l.peek(0) == Some(next) {
                    l.bump();
                    true
                } else {
                    false
                }
            };
            match c {
                '(' => Tok::LParen,
                ')' => Tok::RParen,
                ',' => Tok::Comma,
                '?' => Tok::Question,
                ':' => Tok::Colon,
                '+' => Tok::Op(BinOp::Add),
                '-' => Tok::Op(BinOp::Sub),
                '*' => Tok::Op(BinOp::Mul),
                '/' => Tok::Op(BinOp::Div),
                '%' => Tok::Op(BinOp::Rem),
                '=' if two(self, '=') => Tok::Op(BinOp::Eq),
                '=' => Tok::Assign,
                '!' if two(self, '=') => Tok::Op(BinOp::Ne),
                '!' => Tok::Bang,
                '<' if two(self, '=') => Tok::Op(BinOp::Le),
                '<' => Tok::Op(BinOp::Lt),
                '>' if two(self, '=') => Tok::Op(BinOp::Ge),
                '>' => Tok::Op(BinOp::Gt),
                '&' if two(self, '&') => Tok::Op(BinOp::And),
                '|' if two(self, '|') => Tok::Op(BinOp::Or),
                _ => {
                    return Err(ScriptError::new(
                        span,
                        format!("unexpected character '{}'", c.escape_default()),
                    ))
                }
            }
        };
        Ok(Token { tok, span })
    }

    /// A number, a shape of four digits or with an `x`, or a card with a digit rank.
    fn number(&mut self, span: Span) -> Result<Tok, ScriptError> {
        let c = self.peek(0).unwrap_or('0');
        if ('2'..='9').contains(&c)
            && self.peek(1).is_some_and(|s| "CDHS".contains(s))
            && !self
                .peek(2)
                .is_some_and(|n| n.is_ascii_alphanumeric() || n == '_')
        {
            self.bump();
            let suit = Suit::from_letter(self.bump().unwrap_or('S')).unwrap_or(Suit::Spades);
            let rank = Rank::from_letter(c).unwrap_or(Rank::TWO);
            return Ok(Tok::Card(Card::new(suit, rank)));
        }
        let mut s = String::new();
        while let Some(c) = self.peek(0).filter(|c| c.is_ascii_digit() || *c == 'x') {
            s.push(c);
            self.bump();
        }
        if self
            .peek(0)
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        {
            let rest = self.word();
            return Err(ScriptError::new(
                span,
                format!("'{s}{rest}' is neither a number nor a name (a name starts with a letter)"),
            ));
        }
        if s.contains('x') {
            return distr(&s).map(Tok::Distr).ok_or_else(|| {
                ScriptError::new(
                    span,
                    format!("the shape '{s}' must have four digits or x, one per suit"),
                )
            });
        }
        // atoi: the value wraps to 32 bits as dealer's does.
        let value = s.bytes().fold(0i64, |a, d| {
            a.wrapping_mul(10).wrapping_add((d - b'0') as i64)
        });
        let digits = (s.len() == 4).then(|| {
            let b = s.as_bytes();
            [b[0] - b'0', b[1] - b'0', b[2] - b'0', b[3] - b'0']
        });
        Ok(Tok::Number(value as i32, digits))
    }
}

/// Four characters, digits or `x`, as a shape pattern.
fn distr(s: &str) -> Option<[Option<u8>; 4]> {
    let b = s.as_bytes();
    if b.len() != 4 || !b.iter().all(|c| c.is_ascii_digit() || *c == b'x') {
        return None;
    }
    Some([0, 1, 2, 3].map(|i| (b[i] != b'x').then(|| b[i] - b'0')))
}

/// What a word (letters, digits, `_`) is.
fn classify(w: &str) -> Tok {
    if let Some((_, k)) = KEYWORDS.iter().find(|(s, _)| *s == w) {
        return Tok::Keyword(*k);
    }
    match w {
        "north" => return Tok::Seat(Seat::North),
        "east" => return Tok::Seat(Seat::East),
        "south" => return Tok::Seat(Seat::South),
        "west" => return Tok::Seat(Seat::West),
        "club" | "clubs" => return Tok::Suit(Suit::Clubs),
        "diamond" | "diamonds" => return Tok::Suit(Suit::Diamonds),
        "heart" | "hearts" => return Tok::Suit(Suit::Hearts),
        "spade" | "spades" => return Tok::Suit(Suit::Spades),
        _ => {}
    }
    let b = w.as_bytes();
    let rank = |c: u8| -> Option<Rank> {
        if c.is_ascii_uppercase() || c.is_ascii_digit() {
            Rank::from_letter(c as char)
        } else {
            None
        }
    };
    let suit = |c: u8| -> Option<Suit> {
        if c.is_ascii_uppercase() {
            Suit::from_letter(c as char)
        } else {
            None
        }
    };
    if let Some(s) = suit(b[0]) {
        let ranks: Option<Vec<Rank>> = b[1..].iter().map(|&c| rank(c)).collect();
        if let Some(ranks) = ranks {
            return Tok::Holding(s, ranks);
        }
    }
    if b.len() == 2 {
        if let (Some(r), Some(s)) = (rank(b[0]), suit(b[1])) {
            return Tok::Card(Card::new(s, r));
        }
    }
    if b.len() >= 3 && b[0] == b'x' && (b'1'..=b'7').contains(&b[1]) {
        let strain = match b[2] {
            b'S' => Some(0),
            b'H' => Some(1),
            b'D' => Some(2),
            b'C' => Some(3),
            b'N' => Some(4),
            _ => None,
        };
        let dbl = match &b[3..] {
            b"" => Some(0),
            b"X" => Some(1),
            b"XX" => Some(2),
            _ => None,
        };
        if let (Some(st), Some(d)) = (strain, dbl) {
            return Tok::Contract(b[1] - b'0', st, d);
        }
    }
    if let Some(d) = distr(w) {
        return Tok::Distr(d);
    }
    Tok::Ident(w.to_string())
}

/// The tokens of a script, the last one [`Tok::Eof`].
pub fn tokenize(src: &str) -> Result<Vec<Token>, ScriptError> {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let mut lx = Lexer {
        chars: src.chars().collect(),
        pos: 0,
        line: 1,
        column: 1,
        _src: src,
    };
    let mut out = Vec::new();
    loop {
        let t = lx.next()?;
        let end = t.tok == Tok::Eof;
        out.push(t);
        if end {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        tokenize(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn words() {
        assert_eq!(toks("hcps")[0], Tok::Keyword(Keyword::Hcp));
        assert_eq!(
            toks("SAK")[0],
            Tok::Holding(Suit::Spades, vec![Rank::ACE, Rank::KING])
        );
        assert!(matches!(toks("AS")[0], Tok::Card(_)));
        assert!(matches!(toks("2C")[0], Tok::Card(_)));
        assert_eq!(toks("x3N")[0], Tok::Contract(3, 4, 0));
        assert_eq!(toks("5xx3")[0], Tok::Distr([Some(5), None, None, Some(3)]));
        assert_eq!(toks("4333")[0], Tok::Number(4333, Some([4, 3, 3, 3])));
        assert_eq!(toks("Hcp")[0], Tok::Ident("Hcp".into()));
        assert_eq!(toks("# c\n1 // c\n/* c\n */ 2").len(), 3);
        assert_eq!(toks("99999999999")[0], Tok::Number(1215752191, None));
    }
}
