//! A whole dealer script (its commands, variables, condition and actions) and the run that
//! deals, tests the condition and runs the actions, as Debian's `dealer` does.

use crate::actions::{ActionResult, Actions, Counts, OutputInfo, Produced};
use crate::ast::{Action, Expr, Variable, Vulnerable};
use crate::error::{RunError, ScriptError};
use crate::eval::{Evaluator, SolverTricks, Tables, Tricks, DEFAULT_ALTCOUNTS, DEFAULT_POINTCOUNT};
use crate::gen::{CounterDealer, Generator, Predeal, RngKind, Swapping};
use crate::stats::UntilSe;
use crate::stop::Stopper;
use ddsolve::exec::pool::{ordered_map, PoolOptions};
use ddsolve_cards::{Deal, Seat, Strain};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// dealer's default number of deals to generate.
pub const DEFAULT_GENERATE: u64 = 10_000_000;
/// dealer's default number of deals to produce when an action prints deals.
pub const DEFAULT_PRODUCE_PRINTING: u64 = 40;

/// A parsed and checked dealer script.
///
/// ```
/// use ddsolve_deal::{Options, Script};
///
/// let script = Script::parse("produce 2\ncondition hcp(north) >= 20\naction average hcp(south)")?;
/// assert_eq!(script.produce, Some(2));
/// let mut out = Vec::new();
/// script.run(&Options { seed: Some(1), verbose: false, ..Options::default() }, &mut out)?;
/// assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Script {
    /// `generate N`.
    pub generate: Option<u64>,
    /// `produce N`.
    pub produce: Option<u64>,
    /// `vulnerable ...` (for `printpbn`).
    pub vulnerable: Option<Vulnerable>,
    /// `dealer ...` (for `printpbn`).
    pub dealer: Option<Seat>,
    /// `predeal ...`: cards (in the script's order) and suit-length requests.
    pub predeal: Predeal,
    /// `pointcount`: the `hcp` weights, ace first.
    pub pointcount: [i32; 13],
    /// `altcount N ...`: the weights of `pt0`..`pt9`, ace first.
    pub altcount: [[i32; 13]; 10],
    /// The variables, in the order defined.
    pub vars: Vec<Variable>,
    /// The (last) condition; none means every deal.
    pub condition: Option<Expr>,
    /// The (last) `action` list; none means `printall`.
    pub actions: Option<Vec<Action>>,
    tables: OnceLock<Tables>,
}

impl Default for Script {
    fn default() -> Script {
        Script {
            generate: None,
            produce: None,
            vulnerable: None,
            dealer: None,
            predeal: Predeal::new(),
            pointcount: DEFAULT_POINTCOUNT,
            altcount: DEFAULT_ALTCOUNTS,
            vars: Vec::new(),
            condition: None,
            actions: None,
            tables: OnceLock::new(),
        }
    }
}

/// How to run a script: dealer's command-line options and ours. The command line overrides
/// the script (`-p` its `produce`, `-g` its `generate`).
#[derive(Clone, Debug)]
pub struct Options {
    /// `-p N`: deals to produce.
    pub produce: Option<u64>,
    /// `-g N`: deals to generate.
    pub generate: Option<u64>,
    /// `-s N`: the seed (none: the time, as dealer).
    pub seed: Option<u64>,
    /// `-0`, `-2`, `-3`: swapping.
    pub swapping: Swapping,
    /// `-q`: no PBN output.
    pub quiet: bool,
    /// Print the statistics at the end (dealer's default; `-v` turns it off).
    pub verbose: bool,
    /// `-m`: a progress meter on standard error.
    pub progress: bool,
    /// The generator: dealer's own (the same deals as `dealer -s SEED`) or the counter-based
    /// default.
    pub rng: RngKind,
    /// Threads (counter generator only; the output is the same for any number).
    pub threads: usize,
    /// The script's name for `printpbn`'s `[Event]` (dealer prints `(null)` for standard
    /// input).
    pub input_name: String,
    /// `printpbn`'s `[Date]` (none: today, UTC).
    pub date: Option<String>,
    /// Smart stacking with the counter generator and no swapping: when the condition pins a
    /// seat's shapes and point range, deal that seat from exact tables (the produced deals
    /// are distributed as without it; fewer deals are generated).
    pub stacking: bool,
    /// `--until-se X`: stop once every `average` has a standard error under X (over at
    /// least [`UntilSe::DEFAULT_MIN_COUNT`] deals). A script without `average` is an error.
    pub until_se: Option<f64>,
    /// `--stats`: each `average` with its standard error and 0.95 interval, each
    /// `frequency` with percentages.
    pub stats: bool,
    /// `--format json`: one JSON object a produced deal, then one with the statistics.
    pub json: bool,
    /// Shared with the caller while the run goes: its counts, and a flag that stops it
    /// (a Ctrl-C handler's), after which the run ends as if it had produced enough.
    pub live: Option<Arc<Live>>,
    /// `--level EXPR=LOW..HIGH`: `produce` deals for each value of the expression from LOW
    /// to HIGH; a deal meeting the condition whose value is outside the range or already
    /// has its deals is not produced.
    pub level: Option<Level>,
}

/// Leveling: a number of produced deals for each value of an expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The expression (the script's variables may appear in it).
    pub expr: Expr,
    /// The lowest value.
    pub low: i32,
    /// The highest value.
    pub high: i32,
}

impl Level {
    /// Reads `EXPR=LOW..HIGH` (`hcp(south)=5..9`) against `script`'s variables.
    pub fn parse(script: &Script, text: &str) -> Result<Level, String> {
        let bad = || format!("'{text}' is not EXPR=LOW..HIGH (as hcp(south)=5..9)");
        let (expr, range) = text.rsplit_once('=').ok_or_else(bad)?;
        let (low, high) = range.split_once("..").ok_or_else(bad)?;
        let low: i32 = low.trim().parse().map_err(|_| bad())?;
        let high: i32 = high.trim().parse().map_err(|_| bad())?;
        if low > high {
            return Err(format!("'{text}': the range {low}..{high} is empty"));
        }
        if high as i64 - low as i64 >= 10_000 {
            return Err(format!("'{text}': more than 10000 values"));
        }
        let expr =
            crate::parser::parse_expression(script, expr).map_err(|e| format!("'{text}': {e}"))?;
        Ok(Level { expr, low, high })
    }

    /// How many values the range holds.
    pub fn values(&self) -> u64 {
        (self.high as i64 - self.low as i64 + 1) as u64
    }
}

/// The deals produced for each value of a [`Level`]'s range, against the quota of each.
pub(crate) struct Quotas<'a> {
    level: &'a Level,
    filled: Filled,
}

/// Leveling's counts as the threads that deal see them: a value whose quota is met stays
/// met, so a deal of that value can be turned away before anything else is done with it.
#[derive(Clone, Debug)]
pub(crate) struct Filled {
    low: i32,
    per_value: u64,
    /// Deals produced for each value of the range (written by the run's thread alone).
    counts: Arc<[AtomicU64]>,
}

impl Filled {
    /// Whether a deal of value `v` may still be produced: `v` is in the range and short of
    /// its quota.
    pub(crate) fn takes(&self, v: i32) -> bool {
        self.slot(v)
            .is_some_and(|c| c.load(Ordering::Relaxed) < self.per_value)
    }

    /// The count of `v`, none outside the range.
    fn slot(&self, v: i32) -> Option<&AtomicU64> {
        let i = usize::try_from(i64::from(v) - i64::from(self.low)).ok()?;
        self.counts.get(i)
    }
}

impl<'a> Quotas<'a> {
    fn new(level: &'a Level, per_value: u64) -> Quotas<'a> {
        Quotas {
            level,
            filled: Filled {
                low: level.low,
                per_value,
                counts: (0..level.values()).map(|_| AtomicU64::new(0)).collect(),
            },
        }
    }

    /// The leveling.
    pub(crate) fn level(&self) -> &Level {
        self.level
    }

    /// Whether the evaluator's deal, which met the condition, is produced: its value is in
    /// the range and short of its quota (then counted).
    pub(crate) fn admit(
        &mut self,
        ev: &mut Evaluator<'_>,
        dd: &mut dyn Tricks,
        rand: &mut dyn crate::eval::Rand,
    ) -> Result<bool, RunError> {
        let v = ev.eval(&self.level.expr, dd, rand)?;
        Ok(self.admit_value(v))
    }

    /// Whether a deal of leveling's value `v`, which met the condition, is produced: `v` is
    /// in the range and short of its quota (then counted).
    pub(crate) fn admit_value(&mut self, v: i32) -> bool {
        let Some(slot) = self.filled.slot(v) else {
            return false;
        };
        let n = slot.load(Ordering::Relaxed);
        if n >= self.filled.per_value {
            return false;
        }
        slot.store(n + 1, Ordering::Relaxed);
        true
    }

    /// The counts, as the threads that deal see them.
    pub(crate) fn filled(&self) -> Filled {
        self.filled.clone()
    }
}

/// What a run shares with its caller while it goes (a progress bar's counts, a Ctrl-C
/// handler's flag).
#[derive(Debug, Default)]
pub struct Live {
    /// Deals generated so far (updated as the run goes, not at every deal).
    pub generated: AtomicU64,
    /// Deals produced so far.
    pub produced: AtomicU64,
    /// Set to stop the run: it ends after the deal in hand, with the statistics of the deals
    /// produced.
    pub stop: AtomicBool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            produce: None,
            generate: None,
            seed: None,
            swapping: Swapping::None,
            quiet: false,
            verbose: true,
            progress: false,
            rng: RngKind::Counter,
            threads: 1,
            input_name: "(null)".into(),
            date: None,
            stacking: true,
            until_se: None,
            stats: false,
            json: false,
            live: None,
            level: None,
        }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Deals generated.
    pub generated: u64,
    /// Deals produced (that met the condition).
    pub produced: u64,
    /// The seed used.
    pub seed: u64,
}

/// A run as data ([`Script::run_report`]): what it did, each produced deal with what its
/// actions printed for it, what each action found at the end, and the text of the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Deals generated and produced, and the seed.
    pub summary: Summary,
    /// The produced deals, in order, with their actions' values and text.
    pub deals: Vec<Produced>,
    /// What each action found, in the order of the actions.
    pub actions: Vec<ActionResult>,
    /// Everything the run wrote (what [`Script::run`] writes with the same options).
    pub output: String,
}

/// Today's date, UTC, as `YYYY.MM.DD`.
pub fn today() -> String {
    let days = (crate::gen::time_seed() / 86_400) as i64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A deal of the counter generator that met the condition (and leveling's range).
struct Accepted {
    index: u64,
    deal: Deal,
    /// Leveling's value of the deal (none without leveling).
    level: Option<i32>,
    /// Where its actions' values are in its block's values, or why evaluating them failed.
    values: Result<std::ops::Range<usize>, RunError>,
    /// The `rnd` calls made for it so far.
    rand_calls: u64,
}

/// A block of the counter generator's deals, tested on a thread.
struct Block {
    /// The first deal tested.
    start: u64,
    /// One past the last deal tested.
    end: u64,
    /// The deals accepted, in order.
    accepted: Vec<Accepted>,
    /// Their actions' values, one after the other (none when counted here).
    values: Vec<i32>,
    /// The accepted deals' counts, when the actions only count (none if counting failed).
    counts: Option<Counts>,
    /// Whether the deals were counted here, their values not kept.
    counted: bool,
    /// What failed at the block's last deal (the run ends there if it gets that far).
    failed: Option<RunError>,
}

/// The counter generator's run's callback: what to do with each [`Arrival`], given the
/// deals produced so far (whether the deal was produced, none if leveling turned it away,
/// and whether the run stops there).
type Accept<'a> = dyn FnMut(Arrival<'_>, u64) -> Result<Option<bool>, RunError> + 'a;

/// What the counter generator's run hands on, in order.
enum Arrival<'b> {
    /// An accepted deal, with its block's values (the deal's are at its range).
    Deal(Accepted, &'b [i32]),
    /// A block's deals, counted.
    Counts(&'b Counts),
}

impl Script {
    /// Parses and checks a script.
    pub fn parse(src: &str) -> Result<Script, ScriptError> {
        crate::parser::parse(src)
    }

    /// The per-holding tables of this script's counts (built on first use).
    pub fn tables(&self) -> &Tables {
        self.tables
            .get_or_init(|| Tables::new(&self.pointcount, &self.altcount))
    }

    /// The actions to run (`printall` when the script has none).
    pub fn action_list(&self) -> Vec<Action> {
        match &self.actions {
            Some(a) if !a.is_empty() => a.clone(),
            _ => vec![Action::PrintAll],
        }
    }

    /// Every expression of the script: variables, condition, and the actions' expressions.
    pub fn expressions(&self) -> Vec<&Expr> {
        let mut v: Vec<&Expr> = self.vars.iter().map(|v| &v.expr).collect();
        v.extend(self.condition.as_ref());
        v.extend(self.action_expressions());
        v
    }

    /// The expressions of the actions.
    fn action_expressions(&self) -> Vec<&Expr> {
        let mut v = Vec::new();
        for a in self.actions.iter().flatten() {
            match a {
                Action::PrintCompact(Some(e)) | Action::PrintOneLine(Some(e)) => v.push(e),
                Action::Average(_, e) | Action::Frequency(_, e, _, _) => v.push(e),
                Action::Frequency2(_, d) => v.extend(d.iter().map(|(e, _, _)| e)),
                Action::PrintEs(items) => v.extend(items.iter().filter_map(|i| match i {
                    crate::ast::PrintItem::Expr(e) => Some(e),
                    _ => None,
                })),
                _ => {}
            }
        }
        v
    }

    /// The declarer-and-strain pairs that `tricks(...)` asks for anywhere in the script
    /// (`evalcontract` adds South and West in every strain).
    pub fn tricks_used(&self) -> Vec<(Seat, Strain)> {
        let mut out = Vec::new();
        for e in self.expressions() {
            self.tricks_in(e, &mut out);
        }
        self.evalcontract_tricks(&mut out);
        out
    }

    /// The pairs the actions ask for (through variables too).
    pub fn action_tricks_used(&self) -> Vec<(Seat, Strain)> {
        let mut out = Vec::new();
        for e in self.action_expressions() {
            self.tricks_in(e, &mut out);
        }
        self.evalcontract_tricks(&mut out);
        out
    }

    /// Whether `e` reads `tricks` (through variables too).
    pub fn reads_tricks(&self, e: &Expr) -> bool {
        let mut out = Vec::new();
        self.tricks_in(e, &mut out);
        !out.is_empty()
    }

    /// Whether the script calls `rnd` anywhere.
    pub fn uses_rnd(&self) -> bool {
        let mut any = false;
        for e in self.expressions() {
            e.visit(&mut |x| any |= matches!(x, Expr::Rnd(_)));
        }
        any
    }

    /// Adds the pairs `e` reads, following its variables.
    pub(crate) fn tricks_in(&self, e: &Expr, out: &mut Vec<(Seat, Strain)>) {
        e.visit(&mut |x| match x {
            Expr::Tricks(s, t) if !out.contains(&(*s, *t)) => out.push((*s, *t)),
            Expr::Var(i) => self.tricks_in(&self.vars[*i].expr, out),
            _ => {}
        });
    }

    /// `evalcontract`'s pairs: South and West in every strain.
    fn evalcontract_tricks(&self, out: &mut Vec<(Seat, Strain)>) {
        if self
            .actions
            .iter()
            .flatten()
            .any(|a| *a == Action::EvalContract)
        {
            for seat in [Seat::South, Seat::West] {
                for strain in Strain::ALL {
                    if !out.contains(&(seat, strain)) {
                        out.push((seat, strain));
                    }
                }
            }
        }
    }

    /// Runs the script with ddsolve's solver, writing what dealer writes. A script that
    /// reads `tricks` has its deals solved in batches on `opts.threads` threads (the
    /// crate's `batch` module); the output is the same as [`Script::run_with`]'s, one deal at a
    /// time, for any number of threads.
    pub fn run(&self, opts: &Options, out: &mut impl Write) -> Result<Summary, RunError> {
        self.run_mode(opts, out, None, false)
            .map(|(summary, _, _)| summary)
    }

    /// Runs the script as [`Script::run`] does and returns the run as data: each produced
    /// deal with the values its actions print, and what the actions that report at the end
    /// (`average`, `frequency`, `evalcontract`) found.
    ///
    /// ```
    /// use ddsolve_deal::actions::ActionResult;
    /// use ddsolve_deal::{Options, Script};
    ///
    /// let script = Script::parse("produce 3\naction printes(hcp(north), \"\\n\"), average hcp(north)")?;
    /// let report = script.run_report(&Options { seed: Some(1), verbose: false, ..Options::default() })?;
    /// assert_eq!(report.deals.len(), 3);
    /// let sum: i32 = report.deals.iter().map(|d| d.values[0]).sum();
    /// let ActionResult::Average { mean, .. } = report.actions[1] else { unreachable!() };
    /// assert_eq!(mean, f64::from(sum) / 3.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_report(&self, opts: &Options) -> Result<Report, RunError> {
        let mut out = Vec::new();
        let (summary, deals, actions) = self.run_mode(opts, &mut out, None, true)?;
        Ok(Report {
            summary,
            deals,
            actions,
            output: String::from_utf8_lossy(&out).into_owned(),
        })
    }

    /// Runs the script one deal at a time, with `make_tricks` giving each thread its source
    /// of double-dummy results.
    pub fn run_with(
        &self,
        opts: &Options,
        out: &mut impl Write,
        make_tricks: &(dyn Fn() -> Box<dyn Tricks> + Sync),
    ) -> Result<Summary, RunError> {
        self.run_mode(opts, out, Some(make_tricks), false)
            .map(|(summary, _, _)| summary)
    }

    /// How many deals a run with `opts` generates and produces at most: the options', else
    /// the script's, else dealer's defaults (`u64::MAX` produced: no limit).
    pub fn limits(&self, opts: &Options) -> (u64, u64) {
        let generate = opts.generate.or(self.generate).unwrap_or(DEFAULT_GENERATE);
        let produce =
            opts.produce
                .or(self.produce)
                .unwrap_or(if Actions::will_print(&self.action_list()) {
                    DEFAULT_PRODUCE_PRINTING
                } else {
                    u64::MAX
                });
        (generate, produce)
    }

    /// The run, one deal at a time with `per_deal`'s solvers or in batches without; with
    /// `record`, also the produced deals and the actions' results.
    fn run_mode(
        &self,
        opts: &Options,
        out: &mut impl Write,
        per_deal: Option<&(dyn Fn() -> Box<dyn Tricks> + Sync)>,
        record: bool,
    ) -> Result<(Summary, Vec<Produced>, Vec<ActionResult>), RunError> {
        let start = Instant::now();
        let list = self.action_list();
        let (generate, mut produce) = self.limits(opts);
        let mut quotas = match &opts.level {
            Some(_) if produce == u64::MAX => {
                return Err(RunError::Usage(
                    "--level needs a number of deals a value: -p N or the script's produce".into(),
                ))
            }
            Some(level) => {
                let q = Quotas::new(level, produce);
                produce = produce.saturating_mul(level.values());
                Some(q)
            }
            None => None,
        };
        let until_se = match opts.until_se {
            Some(x) if !list.iter().any(|a| matches!(a, Action::Average(..))) => {
                return Err(RunError::Usage(format!(
                    "--until-se {x}: the script has no average to make precise"
                )))
            }
            Some(x) => Some(UntilSe::new(x)),
            None => None,
        };
        let seed = opts.seed.unwrap_or_else(crate::gen::time_seed);
        let info = OutputInfo {
            input_name: opts.input_name.clone(),
            seed,
            date: opts.date.clone().unwrap_or_else(today),
            quiet: opts.quiet,
            vulnerable: self.vulnerable,
            dealer: self.dealer,
            json: opts.json,
            stats: opts.stats,
        };
        let mut actions = Actions::new(&list, info);
        if record {
            actions = actions.record();
        }
        let mut ev = Evaluator::new(self);
        let default_tricks = || -> Box<dyn Tricks> { Box::new(SolverTricks::new()) };
        let batched = per_deal.is_none()
            && !self.tricks_used().is_empty()
            && (opts.rng == RngKind::Counter || !self.uses_rnd());
        let make_tricks = per_deal.unwrap_or(&default_tricks);
        let mut dd = make_tricks();
        let live = opts.live.as_deref();
        let mut progress = Progress::new(opts.progress, generate, produce, live);
        let until_se_off = until_se.is_none();
        let mut stopper = Stopper::new(until_se, live.map(|l| &l.stop));
        let threads = opts.threads.max(1);
        // The counter generator, shared by every thread that deals.
        let counter = (opts.rng == RngKind::Counter).then(|| {
            let mut dealer = CounterDealer::new(seed, &self.predeal);
            dealer.set_swapping(opts.swapping);
            if opts.stacking && opts.swapping == Swapping::None {
                if let Some(st) = crate::stack::stacking_for(self) {
                    dealer.set_stacking(Some(std::sync::Arc::new(st)));
                }
            }
            dealer
        });
        let (generated, produced) = match &counter {
            _ if batched => {
                let source = match &counter {
                    Some(dealer) => crate::batch::Source::Counter(dealer),
                    None => crate::batch::Source::Dealer(
                        Generator::new(RngKind::Dealer, seed, &self.predeal)
                            .with_swapping(opts.swapping),
                    ),
                };
                crate::batch::run(
                    self,
                    source,
                    generate,
                    produce,
                    threads,
                    &mut ev,
                    &mut actions,
                    out,
                    &mut progress,
                    &mut stopper,
                    &mut quotas,
                )?
            }
            None => {
                let mut gen = Generator::new(RngKind::Dealer, seed, &self.predeal)
                    .with_swapping(opts.swapping);
                let mut nprod = 0u64;
                let mut ngen = 0u64;
                while ngen < generate && nprod < produce && !stopper.interrupted() {
                    let deal = gen.next_deal();
                    ngen += 1;
                    ev.set_deal(deal);
                    let mut rand = || gen.rand();
                    let mut ok = match &self.condition {
                        Some(c) => ev.eval(c, dd.as_mut(), &mut rand)? != 0,
                        None => true,
                    };
                    if let (true, Some(q)) = (ok, quotas.as_mut()) {
                        ok = q.admit(&mut ev, dd.as_mut(), &mut rand)?;
                    }
                    if ok {
                        actions.on_deal(out, nprod, &mut ev, dd.as_mut(), &mut rand)?;
                        nprod += 1;
                        if stopper.should_stop(&actions) {
                            progress.tick(ngen, nprod);
                            break;
                        }
                    }
                    progress.tick(ngen, nprod);
                }
                (ngen, nprod)
            }
            Some(dealer) => {
                let stopper = &stopper;
                let actions = &mut actions;
                let level = quotas.as_ref().map(|q| q.level().clone());
                let counts = (level.is_none() && until_se_off && actions.only_counts())
                    .then(|| actions.zero_counts());
                self.run_counter(
                    dealer,
                    &list,
                    counts.as_ref(),
                    level.as_ref(),
                    (generate, produce),
                    threads,
                    make_tricks,
                    &mut |arrival: Arrival<'_>, nprod: u64| -> Result<Option<bool>, RunError> {
                        let (acc, values) = match arrival {
                            Arrival::Counts(c) => {
                                actions.add_counts(c);
                                return Ok(Some(false));
                            }
                            Arrival::Deal(acc, values) => (acc, values),
                        };
                        if let (Some(q), Some(v)) = (quotas.as_mut(), acc.level) {
                            if !q.admit_value(v) {
                                return Ok(None);
                            }
                        }
                        actions.apply(out, nprod, &acc.deal, &values[acc.values?])?;
                        Ok(Some(stopper.should_stop(actions)))
                    },
                    &mut progress,
                    &|| stopper.interrupted(),
                )?
            }
        };
        progress.finish();
        if opts.json {
            writeln!(
                out,
                "{}",
                actions.statistics_json(generated, produced, seed)
            )?;
        } else {
            actions.finish(out, produced)?;
        }
        if opts.verbose && !opts.json {
            write!(
                out,
                "Generated {generated} hands\nProduced {produced} hands\nInitial random seed {seed}\nTime needed {:8.3} sec\n",
                start.elapsed().as_secs_f64()
            )?;
        }
        out.flush()?;
        let summary = Summary {
            generated,
            produced,
            seed,
        };
        if !record {
            return Ok((summary, Vec::new(), Vec::new()));
        }
        let results = actions.results(produced);
        Ok((summary, actions.take_recorded(), results))
    }

    /// The counter generator's run: blocks of deals are dealt and tested on every thread,
    /// and each accepted deal's action values evaluated there too
    /// ([`crate::actions::evaluate`]); the accepted deals go to `accept` in their order
    /// (which says whether the deal was produced, none if leveling turned it away, and
    /// whether the run stops there), with the next blocks dealt meanwhile. With `counts`
    /// (actions that only count, see [`Actions::only_counts`]), a block's deals are counted
    /// on its thread too and `accept` gets the block's counts at once, unless the run's
    /// last deal is in it: that block is tested again deal by deal.
    #[allow(clippy::too_many_arguments)]
    fn run_counter(
        &self,
        dealer: &CounterDealer,
        list: &[Action],
        counts: Option<&Counts>,
        level: Option<&Level>,
        (generate, produce): (u64, u64),
        threads: usize,
        make_tricks: &(dyn Fn() -> Box<dyn Tricks> + Sync),
        accept: &mut Accept<'_>,
        progress: &mut Progress,
        interrupted: &dyn Fn() -> bool,
    ) -> Result<(u64, u64), RunError> {
        let test = |(ev, dd): &mut (Evaluator<'_>, Box<dyn Tricks>),
                    (from, to): (u64, u64),
                    counts: Option<&Counts>| {
            let mut block = Block {
                start: from,
                end: to,
                accepted: Vec::new(),
                values: Vec::new(),
                counts: counts.cloned(),
                counted: counts.is_some(),
                failed: None,
            };
            // Counting here, the actions are evaluated as they are counted.
            let evaluated: &[Action] = if counts.is_some() { &[] } else { list };
            for index in from..to {
                let run = (dealer, evaluated, level);
                match self.accepts(run, index, ev, dd.as_mut(), &mut block.values) {
                    Ok(None) => {}
                    Ok(Some(acc)) => {
                        if let Some(c) = block.counts.as_mut() {
                            let mut call = acc.rand_calls;
                            let mut rand = || {
                                call += 1;
                                dealer.rand_at(index, call - 1)
                            };
                            if c.count_deal(list, ev, dd.as_mut(), &mut rand).is_err() {
                                // Tested again deal by deal, so that the error comes in
                                // order.
                                block.counts = None;
                            }
                        }
                        block.accepted.push(acc);
                    }
                    Err(e) => {
                        block.failed = Some(e);
                        block.end = index + 1;
                        break;
                    }
                }
            }
            block
        };
        // Blocks from 256 deals (the first deals out soon) to 1024.
        let blocks = {
            let mut next = 0u64;
            let mut size = 256u64;
            std::iter::from_fn(move || {
                (next < generate).then(|| {
                    let block = (next, next.saturating_add(size).min(generate));
                    next = block.1;
                    size = (size * 2).min(1 << 10);
                    block
                })
            })
        };
        /// Why the run stopped early.
        enum Stop {
            Done,
            Error(RunError),
        }
        let mut nprod = 0u64;
        let mut generated = 0u64;
        let init = || (Evaluator::new(self), make_tricks());
        // The calling thread's evaluator, for a block tested again.
        let mut again = None;
        let result = ordered_map(
            blocks,
            &PoolOptions::with_threads(threads),
            init,
            |state, range| test(state, range, counts),
            |_, mut block: Block| -> Result<(), Stop> {
                if block.counted {
                    let n = block.accepted.len() as u64;
                    match &block.counts {
                        Some(c) if nprod + n < produce => {
                            accept(Arrival::Counts(c), nprod).map_err(Stop::Error)?;
                            nprod += n;
                        }
                        // The run's last deal, or an error, is in the block: deal by deal.
                        _ => {
                            let state = again.get_or_insert_with(init);
                            block = test(state, (block.start, block.end), None);
                        }
                    }
                }
                if !block.counted {
                    for acc in block.accepted {
                        let index = acc.index;
                        let arrival = Arrival::Deal(acc, &block.values);
                        let Some(stop) = accept(arrival, nprod).map_err(Stop::Error)? else {
                            continue;
                        };
                        nprod += 1;
                        if nprod >= produce || stop {
                            generated = index + 1;
                            return Err(Stop::Done);
                        }
                    }
                }
                if let Some(e) = block.failed {
                    return Err(Stop::Error(e));
                }
                generated = block.end;
                progress.tick(generated, nprod);
                if interrupted() {
                    return Err(Stop::Done);
                }
                Ok(())
            },
        );
        match result {
            Ok(()) | Err(Stop::Done) => Ok((generated, nprod)),
            Err(Stop::Error(e)) => Err(e),
        }
    }

    /// Deal `index` of the counter generator `dealer`, if it meets the condition and
    /// leveling's range, with the values of the actions `list` pushed on `values` (every
    /// `rnd` call in the order the one-at-a-time path makes it: the condition's,
    /// leveling's, the actions'). An error evaluating the condition or leveling's
    /// expression fails the deal; one evaluating the actions is kept with the deal (it ends
    /// the run only if the deal is produced).
    fn accepts(
        &self,
        (dealer, list, level): (&CounterDealer, &[Action], Option<&Level>),
        index: u64,
        ev: &mut Evaluator<'_>,
        dd: &mut dyn Tricks,
        values: &mut Vec<i32>,
    ) -> Result<Option<Accepted>, RunError> {
        let deal = dealer.deal_at(index);
        ev.set_deal(deal);
        let mut call = 0u64;
        let mut rand = || {
            call += 1;
            dealer.rand_at(index, call - 1)
        };
        if let Some(c) = &self.condition {
            if ev.eval(c, dd, &mut rand)? == 0 {
                return Ok(None);
            }
        }
        let level = match level {
            Some(l) => {
                let v = ev.eval(&l.expr, dd, &mut rand)?;
                if v < l.low || v > l.high {
                    return Ok(None);
                }
                Some(v)
            }
            None => None,
        };
        let start = values.len();
        let values = match crate::actions::evaluate(list, ev, dd, &mut rand, values) {
            Ok(()) => Ok(start..values.len()),
            Err(e) => {
                values.truncate(start);
                Err(e)
            }
        };
        Ok(Some(Accepted {
            index,
            deal,
            level,
            values,
            rand_calls: call,
        }))
    }
}

/// `-m`: a line on standard error, redrawn as the run goes; and the counts of [`Live`].
pub(crate) struct Progress<'a> {
    on: bool,
    generate: u64,
    produce: u64,
    last: Instant,
    live: Option<&'a Live>,
}

impl<'a> Progress<'a> {
    fn new(on: bool, generate: u64, produce: u64, live: Option<&'a Live>) -> Progress<'a> {
        Progress {
            on,
            generate,
            produce,
            last: Instant::now(),
            live,
        }
    }

    pub(crate) fn tick(&mut self, ngen: u64, nprod: u64) {
        if let Some(live) = self.live {
            live.generated.store(ngen, Ordering::Relaxed);
            live.produced.store(nprod, Ordering::Relaxed);
        }
        if !self.on || self.last.elapsed().as_millis() < 200 {
            return;
        }
        self.last = Instant::now();
        let pg = ngen as f64 / self.generate.max(1) as f64;
        let pp = nprod as f64 / self.produce.max(1) as f64;
        eprint!(
            "\rCalculating... {:3.0}% complete",
            100.0 * pg.max(pp).min(1.0)
        );
    }

    fn finish(&self) {
        if self.on {
            eprintln!();
        }
    }
}
