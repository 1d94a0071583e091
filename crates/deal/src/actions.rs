//! The actions: what is printed for each produced deal and at the end, byte for byte as
//! Debian's `dealer` prints it.

use crate::ast::{Action, PrintItem, Vulnerable};
use crate::error::RunError;
use crate::eval::{Evaluator, Rand, Tricks};
use crate::scoring::score;
use crate::stats::Mean;
use ddsolve_cards::{Deal, Seat, Strain, Suit};
use std::io::Write;

/// What the PBN tags and the end of a run say, beyond the script.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputInfo {
    /// The script's name as dealer shows it in `[Event]` (`(null)` for standard input).
    pub input_name: String,
    /// The seed, as `[Event]` shows it.
    pub seed: u64,
    /// `[Date]`, as `YYYY.MM.DD`.
    pub date: String,
    /// `-q`: no PBN output.
    pub quiet: bool,
    /// The script's `vulnerable` (none: rotating by board).
    pub vulnerable: Option<Vulnerable>,
    /// The script's `dealer` (none: rotating by board).
    pub dealer: Option<Seat>,
    /// `--format json`: one JSON object a produced deal instead of dealer's output, and the
    /// statistics as one object at the end ([`Actions::statistics_json`]).
    pub json: bool,
    /// `--stats`: `average` with its standard error and 0.95 interval, `frequency` with
    /// percentages.
    pub stats: bool,
}

/// The state of one action over a run.
#[derive(Clone, Debug)]
#[repr(u8)]
enum State {
    Stateless,
    /// The values' count, sum and sum of squares, exact: any split of the deals gives the
    /// same.
    Average {
        n: u64,
        sum: i64,
        squares: i128,
    },
    Frequency {
        /// The range counted value by value.
        range: (i32, i32),
        low: u64,
        high: u64,
        counts: Vec<u64>,
    },
    Frequency2 {
        /// The two ranges.
        ranges: [(i32, i32); 2],
        counts: Vec<u64>,
    },
    Print {
        deals: Vec<Deal>,
    },
    EvalContract {
        results: Box<[[[u64; 14]; 5]; 2]>,
    },
}

/// The actions of a script and their running state.
#[derive(Clone, Debug)]
pub struct Actions<'s> {
    actions: &'s [Action],
    states: Vec<State>,
    info: OutputInfo,
    /// With [`Actions::record`]: each produced deal, its values and its text.
    recorded: Option<Vec<Produced>>,
    /// [`Actions::on_deal`]'s values, kept between deals.
    scratch: Vec<i32>,
}

/// A produced deal as [`Actions::record`] keeps it: the deal, the values its actions printed
/// and the text they wrote for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Produced {
    /// The deal.
    pub deal: Deal,
    /// The values the per-deal actions printed, in the order of the actions: the
    /// expression of `printcompact(e)` and `printoneline(e)`, each expression of
    /// `printes(...)`.
    pub values: Vec<i32>,
    /// What the actions wrote for this deal.
    pub text: String,
}

/// `evalcontract`'s averages: `[vulnerable][strain][level - 1]`, strains clubs, diamonds,
/// hearts, spades, notrump, each `(South declaring, West declaring)`.
pub type EvalContractScores = [[[(i64, i64); 7]; 5]; 2];

/// What an action that reports at the end found, as data (what [`Actions::finish`] prints).
#[derive(Clone, Debug, PartialEq)]
pub enum ActionResult {
    /// An action that prints each deal (`printall`, `printpbn`, `printes`, `print`, ...):
    /// its output is in each [`Produced`].
    Print,
    /// `average "label" expr`: the mean over the produced deals (NaN with none).
    Average {
        /// The label.
        label: Option<String>,
        /// The mean.
        mean: f64,
    },
    /// `frequency "label" (expr, low, high)`.
    Frequency {
        /// The label.
        label: Option<String>,
        /// The range counted value by value.
        range: (i32, i32),
        /// The deals for each value of the range, `low` first.
        counts: Vec<u64>,
        /// Deals whose value was below the range.
        below: u64,
        /// Deals whose value was above the range.
        above: u64,
    },
    /// `frequency "label" (expr, low, high, expr2, low2, high2)`.
    Frequency2 {
        /// The label.
        label: Option<String>,
        /// The first expression's range (the rows).
        rows: (i32, i32),
        /// The second expression's range (the columns).
        columns: (i32, i32),
        /// The deals of each cell: a row below the range, one per value, a row above it;
        /// each row a column below, one per value, a column above.
        counts: Vec<Vec<u64>>,
    },
    /// `evalcontract`: the average score (rounded toward zero, as dealer prints it) of each
    /// contract, `[vulnerable][strain][level - 1]`, strains clubs, diamonds, hearts,
    /// spades, notrump, as `(South declaring, West declaring)`.
    EvalContract {
        /// The scores, not vulnerable then vulnerable.
        scores: Box<EvalContractScores>,
    },
}

const RANKS: &[u8; 13] = b"AKQJT98765432";

/// The ranks of a holding, ace first (`AKT2`).
fn holding_text(deal: &Deal, seat: Seat, suit: Suit) -> String {
    let h = deal.hand(seat).suit(suit).bits();
    (0..13)
        .filter(|i| h >> (14 - i) & 1 != 0)
        .map(|i| RANKS[i] as char)
        .collect()
}

/// One suit's line of hands side by side: each card and a space, a void as `- `, each
/// holding padded to a column of 20 characters (10 cards) but the last; then a newline.
fn column_line(holdings: impl Iterator<Item = String>) -> String {
    let mut line = String::new();
    let mut cards = 10;
    for holding in holdings {
        while cards < 10 {
            line.push_str("  ");
            cards += 1;
        }
        cards = 0;
        for c in holding.chars() {
            line.push(c);
            line.push(' ');
            cards += 1;
        }
        if cards == 0 {
            line.push_str("- ");
            cards = 1;
        }
    }
    line.push('\n');
    line
}

/// Hands side by side, as dealer's `printall` and `printew` print them: each card and a
/// space, a void as `- `, each hand in a column of 20 characters (10 cards).
pub fn write_columns(out: &mut impl Write, deal: &Deal, seats: &[Seat]) -> std::io::Result<()> {
    for suit in Suit::ALL {
        let line = column_line(seats.iter().map(|&seat| holding_text(deal, seat, suit)));
        out.write_all(line.as_bytes())?;
    }
    out.write_all(b"\n")
}

/// One seat's hand in the `printcompact` form: `AK2.QJ.T98.7654`.
pub fn hand_dots(deal: &Deal, seat: Seat) -> String {
    Suit::ALL.map(|s| holding_text(deal, seat, s)).join(".")
}

/// The deal as PBN's `[Deal "N:..."]` value.
pub fn pbn_deal(deal: &Deal) -> String {
    format!("N:{}", Seat::ALL.map(|s| hand_dots(deal, s)).join(" "))
}

/// C's `printf("%g", v)`: six significant digits, trailing zeros removed, exponent form
/// below 1e-4 or from 1e6.
pub fn format_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.into();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let e = format!("{v:.5e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let x: i32 = exp.parse().unwrap_or(0);
    let strip = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if (-4..6).contains(&x) {
        strip(&format!("{:.*}", (5 - x) as usize, v))
    } else {
        let sign = if x < 0 { '-' } else { '+' };
        format!("{}e{}{:02}", strip(mant), sign, x.abs())
    }
}

impl<'s> Actions<'s> {
    /// The actions of a list, with the information their output needs.
    pub fn new(actions: &'s [Action], info: OutputInfo) -> Actions<'s> {
        Actions {
            actions,
            states: fresh_states(actions),
            info,
            recorded: None,
            scratch: Vec::new(),
        }
    }

    /// Keeps each produced deal with its values and text ([`Actions::recorded`]).
    pub fn record(mut self) -> Actions<'s> {
        self.recorded = Some(Vec::new());
        self
    }

    /// The deals kept since [`Actions::record`] (none without it).
    pub fn recorded(&self) -> &[Produced] {
        self.recorded.as_deref().unwrap_or_default()
    }

    /// Takes the deals kept since [`Actions::record`].
    pub fn take_recorded(&mut self) -> Vec<Produced> {
        self.recorded
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// What each action found after `nprod` produced deals, in the order of the actions.
    pub fn results(&self, nprod: u64) -> Vec<ActionResult> {
        self.actions
            .iter()
            .zip(&self.states)
            .map(|(a, st)| match (a, st) {
                (Action::Average(label, _), State::Average { sum, .. }) => ActionResult::Average {
                    label: label.clone(),
                    mean: if nprod == 0 {
                        f64::NAN
                    } else {
                        *sum as f64 / nprod as f64
                    },
                },
                (
                    Action::Frequency(label, _, lo, hi),
                    State::Frequency {
                        low, high, counts, ..
                    },
                ) => ActionResult::Frequency {
                    label: label.clone(),
                    range: (*lo, *hi),
                    counts: counts.clone(),
                    below: *low,
                    above: *high,
                },
                (Action::Frequency2(label, dims), State::Frequency2 { counts, .. }) => {
                    let [(_, lo1, hi1), (_, lo2, hi2)] = *dims;
                    let cols = (hi2 as i64 - lo2 as i64 + 3) as usize;
                    ActionResult::Frequency2 {
                        label: label.clone(),
                        rows: (lo1, hi1),
                        columns: (lo2, hi2),
                        counts: counts.chunks(cols).map(<[u64]>::to_vec).collect(),
                    }
                }
                (Action::EvalContract, State::EvalContract { results }) => {
                    ActionResult::EvalContract {
                        scores: Box::new(evalcontract_scores(results, nprod)),
                    }
                }
                _ => ActionResult::Print,
            })
            .collect()
    }

    /// The running mean of each `average`, in the order of the actions.
    pub fn means(&self) -> impl Iterator<Item = Mean> + '_ {
        self.states.iter().filter_map(|s| match s {
            State::Average { n, sum, squares } => Some(Mean::from_integer_sums(*n, *sum, *squares)),
            _ => None,
        })
    }

    /// Whether any action prints deals (dealer then produces 40 deals by default).
    pub fn will_print(actions: &[Action]) -> bool {
        actions.iter().any(|a| {
            matches!(
                a,
                Action::PrintAll
                    | Action::PrintEw
                    | Action::Print(_)
                    | Action::PrintPbn
                    | Action::PrintCompact(_)
                    | Action::PrintOneLine(_)
                    | Action::PrintEs(_)
            )
        })
    }

    /// Runs the actions on the evaluator's deal, the `nprod`-th produced (from 0):
    /// [`evaluate`] then [`Actions::apply`].
    pub fn on_deal(
        &mut self,
        out: &mut impl Write,
        nprod: u64,
        ev: &mut Evaluator<'_>,
        dd: &mut dyn Tricks,
        rand: &mut dyn Rand,
    ) -> Result<(), RunError> {
        let deal = *ev.deal();
        let mut values = std::mem::take(&mut self.scratch);
        values.clear();
        let result = evaluate(self.actions, ev, dd, rand, &mut values)
            .and_then(|()| self.apply(out, nprod, &deal, &values));
        self.scratch = values;
        result
    }

    /// Writes and counts what the actions make of `deal`, the `nprod`-th produced (from 0),
    /// whose values [`evaluate`] found: the part of a deal's actions that must run in the
    /// produced order.
    pub fn apply(
        &mut self,
        out: &mut impl Write,
        nprod: u64,
        deal: &Deal,
        values: &[i32],
    ) -> Result<(), RunError> {
        if self.info.json {
            return self.apply_json(out, nprod, deal, values);
        }
        if self.recorded.is_none() {
            return self.apply_text(out, nprod, deal, values, &mut Vec::new());
        }
        let mut text = Vec::new();
        let mut printed = Vec::new();
        self.apply_text(&mut text, nprod, deal, values, &mut printed)?;
        out.write_all(&text)?;
        let produced = Produced {
            deal: *deal,
            values: printed,
            text: String::from_utf8_lossy(&text).into_owned(),
        };
        if let Some(r) = self.recorded.as_mut() {
            r.push(produced);
        }
        Ok(())
    }

    /// [`Actions::apply`] in dealer's text, the printed values pushed on `printed`.
    fn apply_text(
        &mut self,
        out: &mut impl Write,
        nprod: u64,
        deal: &Deal,
        values: &[i32],
        printed: &mut Vec<i32>,
    ) -> Result<(), RunError> {
        let mut values = Values(values.iter());
        for (a, st) in self.actions.iter().zip(self.states.iter_mut()) {
            if st.counts() {
                st.count(&mut values);
                continue;
            }
            match (a, st) {
                (Action::PrintAll, _) => {
                    writeln!(out, "{:4}.", nprod + 1)?;
                    write_columns(out, deal, &Seat::ALL)?;
                }
                (Action::PrintEw, _) => write_columns(out, deal, &[Seat::West, Seat::East])?,
                (Action::PrintCompact(e), _) => {
                    for seat in Seat::ALL {
                        writeln!(out, "{} {}", seat_letter(seat), hand_dots(deal, seat))?;
                    }
                    if e.is_some() {
                        let v = values.next();
                        printed.push(v);
                        writeln!(out, "{v}")?;
                    }
                }
                (Action::PrintOneLine(e), _) => {
                    let mut line = String::new();
                    for seat in Seat::ALL {
                        line.push(seat_letter(seat));
                        line.push(' ');
                        line.push_str(&hand_dots(deal, seat));
                        line.push(' ');
                    }
                    if e.is_some() {
                        let v = values.next();
                        printed.push(v);
                        line.push_str(&v.to_string());
                    }
                    line.push('\n');
                    out.write_all(line.as_bytes())?;
                }
                (Action::PrintEs(items), _) => {
                    for item in items {
                        match item {
                            PrintItem::Str(s) => out.write_all(s.as_bytes())?,
                            PrintItem::Expr(_) => {
                                let v = values.next();
                                printed.push(v);
                                write!(out, "{v}")?;
                            }
                        }
                    }
                }
                (Action::PrintPbn, _) if !self.info.quiet => {
                    write_pbn(&self.info, out, nprod, deal)?;
                }
                (Action::Print(_), State::Print { deals }) => deals.push(*deal),
                _ => {}
            }
        }
        Ok(())
    }
}

/// Each action's state before the first deal.
fn fresh_states(actions: &[Action]) -> Vec<State> {
    actions
        .iter()
        .map(|a| match a {
            Action::Average(..) => State::Average {
                n: 0,
                sum: 0,
                squares: 0,
            },
            Action::Frequency(_, _, lo, hi) => State::Frequency {
                range: (*lo, *hi),
                low: 0,
                high: 0,
                counts: vec![0; (*hi as i64 - *lo as i64 + 1) as usize],
            },
            Action::Frequency2(_, [(_, lo1, hi1), (_, lo2, hi2)]) => State::Frequency2 {
                ranges: [(*lo1, *hi1), (*lo2, *hi2)],
                counts: vec![
                    0;
                    ((*hi1 as i64 - *lo1 as i64 + 3) * (*hi2 as i64 - *lo2 as i64 + 3))
                        as usize
                ],
            },
            Action::Print(_) => State::Print { deals: Vec::new() },
            Action::EvalContract => State::EvalContract {
                results: Box::new([[[0; 14]; 5]; 2]),
            },
            _ => State::Stateless,
        })
        .collect()
}

/// The counts of some of a run's deals, for actions that only count
/// ([`Actions::only_counts`]): made on the thread that dealt them ([`Actions::zero_counts`],
/// [`Counts::count`]) and added to the run's in order ([`Actions::add_counts`]).
#[derive(Clone, Debug)]
pub(crate) struct Counts(Vec<State>);

impl Counts {
    /// Evaluates the actions `list` (these counts' actions) on the evaluator's deal and
    /// counts their values, as [`evaluate`] then [`Actions::apply`] would (the same `rnd`
    /// calls), with no values kept in between. After an error, the counts are partial.
    pub(crate) fn count_deal(
        &mut self,
        list: &[Action],
        ev: &mut Evaluator<'_>,
        dd: &mut dyn Tricks,
        rand: &mut dyn Rand,
    ) -> Result<(), RunError> {
        for (a, st) in list.iter().zip(&mut self.0) {
            let exprs = match a {
                Action::Average(_, e) | Action::Frequency(_, e, ..) => [e, e],
                Action::Frequency2(_, [(e1, ..), (e2, ..)]) => [e1, e2],
                _ => continue,
            };
            let mut exprs = exprs.into_iter();
            st.count_from(|| {
                let e = exprs.next().expect("a frequency reads at most two values");
                ev.eval(e, dd, rand)
            })?;
        }
        Ok(())
    }
}

impl Actions<'_> {
    /// Whether the actions only count (`average`, `frequency`; `printpbn` under `-q`,
    /// which writes nothing) and nothing is written or kept for each deal: then the deals
    /// can be counted in parts, on several threads, and the parts added.
    pub(crate) fn only_counts(&self) -> bool {
        !self.info.json
            && self.recorded.is_none()
            && self.actions.iter().all(|a| match a {
                Action::Average(..) | Action::Frequency(..) | Action::Frequency2(..) => true,
                Action::PrintPbn => self.info.quiet,
                _ => false,
            })
    }

    /// Counts of no deal, to count a part of the run's deals in.
    pub(crate) fn zero_counts(&self) -> Counts {
        Counts(fresh_states(self.actions))
    }

    /// Adds a part's counts to the run's (they are exact integers: the same, whatever the
    /// parts).
    pub(crate) fn add_counts(&mut self, counts: &Counts) {
        for (st, part) in self.states.iter_mut().zip(&counts.0) {
            st.add(part);
        }
    }
}

/// Pushes on `values` every value the actions `list` read on the evaluator's deal, in the
/// actions' order (so that `rnd` is called as dealer calls it): each expression of
/// `printcompact(e)`, `printoneline(e)` and `printes(...)`, each `average`'s and
/// `frequency`'s (two for a two-dimensional one), and `evalcontract`'s tricks (South's then
/// West's, strain by strain). It reads the actions, not their state: the deals of a run can
/// be evaluated on the threads that dealt them, and [`Actions::apply`]'d in order.
pub fn evaluate(
    list: &[Action],
    ev: &mut Evaluator<'_>,
    dd: &mut dyn Tricks,
    rand: &mut dyn Rand,
    values: &mut Vec<i32>,
) -> Result<(), RunError> {
    for a in list {
        match a {
            Action::PrintCompact(Some(e))
            | Action::PrintOneLine(Some(e))
            | Action::Average(_, e)
            | Action::Frequency(_, e, _, _) => values.push(ev.eval(e, dd, rand)?),
            Action::PrintEs(items) => {
                for item in items {
                    if let PrintItem::Expr(e) = item {
                        values.push(ev.eval(e, dd, rand)?);
                    }
                }
            }
            Action::Frequency2(_, [(e1, ..), (e2, ..)]) => {
                values.push(ev.eval(e1, dd, rand)?);
                values.push(ev.eval(e2, dd, rand)?);
            }
            Action::EvalContract => {
                for strain in Strain::ALL {
                    values.push(i32::from(ev.tricks(Seat::South, strain, dd)));
                    values.push(i32::from(ev.tricks(Seat::West, strain, dd)));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The values of [`evaluate`], read back in the same order by [`Actions::apply`].
struct Values<'v>(std::slice::Iter<'v, i32>);

impl Values<'_> {
    /// The next value.
    fn next(&mut self) -> i32 {
        *self
            .0
            .next()
            .expect("evaluate gives a value for each expression apply reads")
    }

    /// The value `n` after the next (0: the next), left to read.
    fn peek(&self, n: usize) -> Option<i32> {
        self.0.clone().nth(n).copied()
    }
}

impl State {
    /// Adds the counts of `part`, a state of the same action.
    fn add(&mut self, part: &State) {
        match (self, part) {
            (
                State::Average { n, sum, squares },
                State::Average {
                    n: n2,
                    sum: sum2,
                    squares: squares2,
                },
            ) => {
                *n += n2;
                *sum += sum2;
                *squares += squares2;
            }
            (
                State::Frequency {
                    low, high, counts, ..
                },
                State::Frequency {
                    low: low2,
                    high: high2,
                    counts: counts2,
                    ..
                },
            ) => {
                *low += low2;
                *high += high2;
                counts.iter_mut().zip(counts2).for_each(|(c, c2)| *c += c2);
            }
            (
                State::Frequency2 { counts, .. },
                State::Frequency2 {
                    counts: counts2, ..
                },
            ) => {
                counts.iter_mut().zip(counts2).for_each(|(c, c2)| *c += c2);
            }
            _ => {}
        }
    }

    /// Whether the state is an `average`'s, a `frequency`'s or `evalcontract`'s.
    #[inline]
    fn counts(&self) -> bool {
        matches!(
            self,
            State::Average { .. }
                | State::Frequency { .. }
                | State::Frequency2 { .. }
                | State::EvalContract { .. }
        )
    }

    /// Counts the next value(s) into an `average`, a `frequency` or `evalcontract` (other
    /// states: none).
    #[inline]
    fn count(&mut self, values: &mut Values<'_>) {
        let Ok(()) = self.count_from(|| Ok::<i32, std::convert::Infallible>(values.next()));
    }

    /// Counts into an `average`, a `frequency` or `evalcontract` the value(s) `next` gives
    /// (two for a two-dimensional frequency, ten for `evalcontract`); other states take none.
    #[inline]
    fn count_from<E>(&mut self, mut next: impl FnMut() -> Result<i32, E>) -> Result<(), E> {
        match self {
            State::Average { n, sum, squares } => {
                let v = next()?;
                *n += 1;
                *sum += i64::from(v);
                *squares += i128::from(v) * i128::from(v);
            }
            State::Frequency {
                range: (lo, hi),
                low,
                high,
                counts,
            } => {
                let v = next()?;
                if v < *lo {
                    *low += 1;
                } else if v > *hi {
                    *high += 1;
                } else {
                    counts[(v - *lo) as usize] += 1;
                }
            }
            State::Frequency2 {
                ranges: [(lo1, hi1), (lo2, hi2)],
                counts,
            } => {
                let v1 = next()?;
                let v2 = next()?;
                let width = (*hi2 as i64 - *lo2 as i64 + 3) as usize;
                counts[width * cell2(v1, *lo1, *hi1) + cell2(v2, *lo2, *hi2)] += 1;
            }
            State::EvalContract { results } => {
                for strain in Strain::ALL {
                    let (s, w) = (next()?, next()?);
                    results[0][dealer_strain(strain)][s as usize] += 1;
                    results[1][dealer_strain(strain)][w as usize] += 1;
                }
            }
            State::Stateless | State::Print { .. } => {}
        }
        Ok(())
    }
}

fn write_pbn(
    info: &OutputInfo,
    out: &mut impl Write,
    board: u64,
    deal: &Deal,
) -> std::io::Result<()> {
    {
        const DEALERS: [&str; 4] = ["N", "E", "S", "W"];
        const VULS: [&str; 4] = ["None", "NS", "EW", "All"];
        const BOARD_VUL: [usize; 16] = [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2];
        let i = info;
        let dealer = i
            .dealer
            .map_or(DEALERS[(board % 4) as usize], |s| DEALERS[s.index()]);
        let vul = i
            .vulnerable
            .map_or(VULS[BOARD_VUL[(board % 16) as usize]], Vulnerable::pbn);
        write!(
            out,
            "[Event \"Hand simulated by dealer with file {}, seed {}\"]\n\
             [Site \"-\"]\n[Date \"{}\"]\n[Board \"{}\"]\n\
             [West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n\
             [Dealer \"{dealer}\"]\n[Vulnerable \"{vul}\"]\n[Deal \"{}\"]\n\
             [Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n",
            i.input_name,
            i.seed,
            i.date,
            board + 1,
            pbn_deal(deal)
        )
    }
}

impl Actions<'_> {
    /// The end of the run: `print`'s pages, averages, frequencies and `evalcontract`'s table,
    /// in the order of the actions, after `nprod` produced deals.
    pub fn finish(&self, out: &mut impl Write, nprod: u64) -> std::io::Result<()> {
        for (a, st) in self.actions.iter().zip(&self.states) {
            match (a, st) {
                (Action::Print(seats), State::Print { deals }) => {
                    for seat in Seat::ALL.into_iter().filter(|s| seats.contains(s)) {
                        write!(out, "\n\n{} hands:\n\n\n\n", crate::gen::seat_name(seat))?;
                        for (g, group) in deals.chunks(4).enumerate() {
                            for i in 0..group.len() {
                                write!(out, "{:4}.{:15}", g * 4 + i + 1, ' ')?;
                            }
                            out.write_all(b"\n")?;
                            for suit in Suit::ALL {
                                let line =
                                    column_line(group.iter().map(|d| holding_text(d, seat, suit)));
                                out.write_all(line.as_bytes())?;
                            }
                            out.write_all(b"\n")?;
                        }
                        out.write_all(b"\x0c")?;
                    }
                }
                (Action::Average(label, _), State::Average { n, sum, squares }) => {
                    let mean = Mean::from_integer_sums(*n, *sum, *squares);
                    if let Some(l) = label {
                        write!(out, "{l}: ")?;
                    }
                    let v = if nprod == 0 {
                        -f64::NAN
                    } else {
                        *sum as f64 / nprod as f64
                    };
                    match mean.standard_error().filter(|_| self.info.stats) {
                        Some(se) => {
                            let (lo, hi) = mean.interval95().unwrap_or((v, v));
                            writeln!(
                                out,
                                "{} (se {}, 95% {} to {}, {} deals)",
                                format_g(v),
                                format_g(se),
                                format_g(lo),
                                format_g(hi),
                                mean.count()
                            )?;
                        }
                        None => writeln!(out, "{}", format_g(v))?,
                    }
                }
                (
                    Action::Frequency(label, _, lo, _),
                    State::Frequency {
                        low, high, counts, ..
                    },
                ) => {
                    writeln!(out, "Frequency {}:", label.as_deref().unwrap_or(""))?;
                    let total = low + high + counts.iter().sum::<u64>();
                    let pct = |c: u64| {
                        if self.info.stats {
                            format!("\t{:6.2}%", crate::stats::percent(c, total))
                        } else {
                            String::new()
                        }
                    };
                    if *low > 0 {
                        writeln!(out, "Low\t{low:8}{}", pct(*low))?;
                    }
                    for (i, c) in counts.iter().enumerate() {
                        writeln!(out, "{:5}\t{c:8}{}", *lo as i64 + i as i64, pct(*c))?;
                    }
                    if *high > 0 {
                        writeln!(out, "High\t{high:8}{}", pct(*high))?;
                    }
                }
                (Action::Frequency2(label, dims), State::Frequency2 { counts, .. }) => {
                    let [(_, lo1, hi1), (_, lo2, hi2)] = *dims;
                    let rows = (hi1 as i64 - lo1 as i64 + 3) as usize;
                    let cols = (hi2 as i64 - lo2 as i64 + 3) as usize;
                    writeln!(out, "Frequency {}:", label.as_deref().unwrap_or(""))?;
                    let mut s = String::from("        Low");
                    for j in 1..cols - 1 {
                        s.push_str(&format!(" {:6}", j as i64 + lo2 as i64 - 1));
                    }
                    s.push_str("   High    Sum\n");
                    let mut total = 0u64;
                    for i in 0..rows {
                        if i == 0 {
                            s.push_str("Low ");
                        } else if i == rows - 1 {
                            s.push_str("High");
                        } else {
                            s.push_str(&format!("{:4}", i as i64 + lo1 as i64 - 1));
                        }
                        let row = &counts[i * cols..(i + 1) * cols];
                        for n in row {
                            s.push_str(&format!(" {n:6}"));
                        }
                        let sum: u64 = row.iter().sum();
                        s.push_str(&format!(" {sum:6}\n"));
                        total += sum;
                    }
                    s.push_str("Sum ");
                    for j in 0..cols {
                        let c: u64 = (0..rows).map(|i| counts[i * cols + j]).sum();
                        s.push_str(&format!(" {c:6}"));
                    }
                    s.push_str(&format!(" {total:6}\n\n"));
                    out.write_all(s.as_bytes())?;
                }
                (Action::EvalContract, State::EvalContract { results }) => {
                    write_evalcontract(out, results, nprod)?;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl Actions<'_> {
    /// `--format json`'s line for `deal`, the `nprod`-th produced (from 0), with the values
    /// [`evaluate`] found: `{"n":1,"deal":"N:...","values":[...]}`, `values` holding, in the
    /// order of the actions, an object for each action that computes something (the deal's
    /// value of an `average`, a `frequency`, a `printcompact`/`printoneline` expression,
    /// `printes`'s values and its text, `evalcontract`'s tricks).
    fn apply_json(
        &mut self,
        out: &mut impl Write,
        nprod: u64,
        deal: &Deal,
        values: &[i32],
    ) -> Result<(), RunError> {
        use serde_json::{json, Value};
        let mut objects = Vec::new();
        let label = |l: &Option<String>| l.as_deref().map_or(Value::Null, Value::from);
        let mut values = Values(values.iter());
        for (a, st) in self.actions.iter().zip(self.states.iter_mut()) {
            match a {
                Action::PrintCompact(Some(_)) => objects.push(json!({
                    "action": "printcompact", "value": values.next()
                })),
                Action::PrintOneLine(Some(_)) => objects.push(json!({
                    "action": "printoneline", "value": values.next()
                })),
                Action::PrintEs(items) => {
                    let mut text = String::new();
                    let mut vs = Vec::new();
                    for item in items {
                        match item {
                            PrintItem::Str(s) => text.push_str(s),
                            PrintItem::Expr(_) => {
                                let v = values.next();
                                text.push_str(&v.to_string());
                                vs.push(v);
                            }
                        }
                    }
                    objects.push(json!({"action": "printes", "values": vs, "text": text}));
                }
                Action::Average(l, _) => {
                    let v = values.peek(0);
                    st.count(&mut values);
                    objects.push(json!({"action": "average", "label": label(l), "value": v}));
                }
                Action::Frequency(l, ..) => {
                    let v = values.peek(0);
                    st.count(&mut values);
                    objects.push(json!({"action": "frequency", "label": label(l), "value": v}));
                }
                Action::Frequency2(l, _) => {
                    let v = [values.peek(0), values.peek(1)];
                    st.count(&mut values);
                    objects.push(json!({"action": "frequency", "label": label(l), "value": v}));
                }
                Action::EvalContract => {
                    let mut side = [[0i32; 5]; 2];
                    for (i, strain) in Strain::ALL.into_iter().enumerate() {
                        side[0][dealer_strain(strain)] = values.peek(2 * i).unwrap_or(0);
                        side[1][dealer_strain(strain)] = values.peek(2 * i + 1).unwrap_or(0);
                    }
                    st.count(&mut values);
                    objects.push(json!({
                        "action": "evalcontract", "south": side[0], "west": side[1]
                    }));
                }
                _ => {}
            }
        }
        let line = json!({"n": nprod + 1, "deal": pbn_deal(deal), "values": objects});
        writeln!(out, "{line}")?;
        Ok(())
    }

    /// `--format json`'s last line: `{"statistics":{...}}` with the counts of the run and,
    /// in the order of the actions, each `average` (mean, standard error, 0.95 interval,
    /// count) and each `frequency` (counts and percentages of each value, `low` and `high`
    /// for the values outside its range).
    pub fn statistics_json(&self, generated: u64, produced: u64, seed: u64) -> String {
        use serde_json::{json, Value};
        let mut averages = Vec::new();
        let mut frequencies = Vec::new();
        let mut contracts = Vec::new();
        let label = |l: &Option<String>| l.as_deref().map_or(Value::Null, Value::from);
        for (a, st) in self.actions.iter().zip(&self.states) {
            match (a, st) {
                (Action::Average(l, _), State::Average { n, sum, squares }) => {
                    let mean = Mean::from_integer_sums(*n, *sum, *squares);
                    let interval = mean.interval95().map(|(lo, hi)| [lo, hi]);
                    averages.push(json!({
                        "label": label(l),
                        "count": mean.count(),
                        "mean": (mean.count() > 0).then(|| mean.mean()),
                        "se": mean.standard_error(),
                        "ci95": interval,
                    }));
                }
                (
                    Action::Frequency(l, _, lo, _),
                    State::Frequency {
                        low, high, counts, ..
                    },
                ) => {
                    let total = low + high + counts.iter().sum::<u64>();
                    let rows: Vec<Value> = counts
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| {
                            json!({
                                "value": *lo as i64 + i as i64,
                                "count": c,
                                "percent": crate::stats::percent(c, total),
                            })
                        })
                        .collect();
                    frequencies.push(json!({
                        "label": label(l),
                        "total": total,
                        "low": low,
                        "high": high,
                        "counts": rows,
                    }));
                }
                (Action::Frequency2(l, dims), State::Frequency2 { counts, .. }) => {
                    let [(_, lo1, hi1), (_, lo2, hi2)] = *dims;
                    let cols = (hi2 as i64 - lo2 as i64 + 3) as usize;
                    let total: u64 = counts.iter().sum();
                    let name = |i: usize, lo: i32, hi: i32| -> Value {
                        if i == 0 {
                            "low".into()
                        } else if i as i64 == hi as i64 - lo as i64 + 2 {
                            "high".into()
                        } else {
                            (i as i64 + lo as i64 - 1).into()
                        }
                    };
                    let cells: Vec<Value> = counts
                        .iter()
                        .enumerate()
                        .filter(|(_, &c)| c > 0)
                        .map(|(k, &c)| {
                            json!({
                                "value": [name(k / cols, lo1, hi1), name(k % cols, lo2, hi2)],
                                "count": c,
                                "percent": crate::stats::percent(c, total),
                            })
                        })
                        .collect();
                    frequencies.push(json!({"label": label(l), "total": total, "cells": cells}));
                }
                (Action::EvalContract, State::EvalContract { results }) => {
                    let scores = evalcontract_scores(results, produced);
                    let mut rows = Vec::new();
                    for (vi, per_strain) in scores.iter().enumerate() {
                        for (strain, levels) in DEALER_STRAINS.into_iter().zip(per_strain) {
                            for (level, &(south, west)) in (1..).zip(levels) {
                                rows.push(json!({
                                    "vulnerable": vi == 1,
                                    "contract": format!("{level}{}", strain.short_name()),
                                    "south": south,
                                    "west": west,
                                }));
                            }
                        }
                    }
                    contracts.push(Value::from(rows));
                }
                _ => {}
            }
        }
        let mut statistics = json!({
            "generated": generated,
            "produced": produced,
            "seed": seed,
            "averages": averages,
            "frequencies": frequencies,
        });
        // Only with `evalcontract`, so that other scripts' statistics keep their keys.
        if !contracts.is_empty() {
            statistics["evalcontract"] = Value::from(contracts);
        }
        json!({ "statistics": statistics }).to_string()
    }
}

/// The cell of a two-dimensional frequency's value: 0 below the range, then one a value,
/// the last above it.
fn cell2(v: i32, lo: i32, hi: i32) -> usize {
    if v > hi {
        (hi as i64 - lo as i64 + 2) as usize
    } else {
        (v as i64 - lo as i64 + 1).max(0) as usize
    }
}

/// `n`, `e`, `s`, `w`.
fn seat_letter(seat: Seat) -> char {
    ['n', 'e', 's', 'w'][seat.index()]
}

/// The strains in dealer's order: clubs, diamonds, hearts, spades, notrump.
const DEALER_STRAINS: [Strain; 5] = [
    Strain::Clubs,
    Strain::Diamonds,
    Strain::Hearts,
    Strain::Spades,
    Strain::NoTrump,
];

/// dealer's strain order: clubs, diamonds, hearts, spades, notrump.
fn dealer_strain(s: Strain) -> usize {
    match s {
        Strain::Clubs => 0,
        Strain::Diamonds => 1,
        Strain::Hearts => 2,
        Strain::Spades => 3,
        Strain::NoTrump => 4,
    }
}

/// `evalcontract`'s averages: `[vulnerable][strain][level - 1]`, (South, West) declaring.
fn evalcontract_scores(results: &[[[u64; 14]; 5]; 2], nprod: u64) -> EvalContractScores {
    let n = nprod.max(1) as i64;
    let mut out = [[[(0, 0); 7]; 5]; 2];
    for (vi, vul) in [false, true].into_iter().enumerate() {
        for (si, strain) in DEALER_STRAINS.into_iter().enumerate() {
            for level in 1..=7u8 {
                let c = crate::ast::Contract {
                    level,
                    strain,
                    doubling: ddsolve::par::Doubling::Undoubled,
                };
                let tot = |side: usize| -> i64 {
                    (0..14)
                        .map(|t| results[side][si][t] as i64 * score(vul, c, t as i32) as i64)
                        .sum::<i64>()
                        / n
                };
                out[vi][si][level as usize - 1] = (tot(0), tot(1));
            }
        }
    }
    out
}

/// `evalcontract`'s table: for each vulnerability, strain and level, the average score of
/// the contract with South declaring / with West declaring.
fn write_evalcontract(
    out: &mut impl Write,
    results: &[[[u64; 14]; 5]; 2],
    nprod: u64,
) -> std::io::Result<()> {
    let scores = evalcontract_scores(results, nprod);
    for (vi, vul) in [false, true].into_iter().enumerate() {
        let mut s = format!("{}Vulnerable\n   ", if vul { "" } else { "Not " });
        for level in 1..=7 {
            s.push_str(&format!("  {level}       "));
        }
        s.push('\n');
        for (letter, row) in "cdhsn".chars().zip(&scores[vi]) {
            s.push(letter);
            s.push_str(": ");
            for &(south, west) in row {
                s.push_str(&format!("{south:4}/{west:4} "));
            }
            s.push('\n');
        }
        s.push('\n');
        out.write_all(s.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::format_g;

    #[test]
    fn printf_g() {
        assert_eq!(format_g(6.333333333), "6.33333");
        assert_eq!(format_g(4.37588), "4.37588");
        assert_eq!(format_g(0.04), "0.04");
        assert_eq!(format_g(6.0), "6");
        assert_eq!(format_g(1234567.0), "1.23457e+06");
        assert_eq!(format_g(0.00001234), "1.234e-05");
        assert_eq!(format_g(100000.0), "100000");
        assert_eq!(format_g(0.0001), "0.0001");
        assert_eq!(format_g(-f64::NAN), "-nan");
    }
}
