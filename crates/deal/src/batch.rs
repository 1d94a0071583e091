//! The runner's double-dummy path: a script that reads `tricks` has its deals solved in
//! batches on the worker pool, the results in the order the
//! deals came, so that what it prints is byte for byte what the one-deal-at-a-time path
//! ([`Script::run_with`]) prints, for any number of threads.
//!
//! 1. Candidates. Each generated deal's condition is evaluated without double dummy
//!    ([`Evaluator::eval_without_dd`]): a deal whose condition is false whatever `tricks`
//!    gives is dropped there, on the candidates' side (several threads, a block of deals at
//!    a time, for the counter generator). A condition without `tricks` is evaluated whole
//!    there, `rnd` and all. With leveling, a deal whose value is known without double dummy
//!    is dropped there too if the value is out of range or its quota already met.
//! 2. Solving, on the pool. When the condition and leveling read no `tricks`, every
//!    candidate is produced: the actions' pairs are solved, each strain a task
//!    ([`crate::dd::stream_strains`]). Else the pairs that decide (the condition's and
//!    leveling's) are solved first, and the actions' other pairs only for the deals that
//!    pass on them ([`crate::dd::stream_gated`], a deal a task).
//! 3. In order, on the calling thread: the condition is evaluated again with the deal's
//!    tricks known (its `rnd` calls from the first, as the one-at-a-time path makes them),
//!    and the actions run on the deals it accepts.
//!
//! Dealer's generator (`--rng dealer`) shares one random stream between dealing and `rnd`,
//! so a script of it with `rnd` anywhere keeps the one-at-a-time path.

use crate::actions::Actions;
use crate::dd::{stream_gated, stream_strains, DdOptions, Needs, Tricks};
use crate::error::RunError;
use crate::eval::{Evaluator, NoTricks, SolverTricks};
use crate::gen::{CounterDealer, Generator};
use crate::script::{Filled, Level, Progress, Quotas, Script};
use crate::stop::Stopper;
use ddsolve_cards::{Deal, Seat, Strain};
use std::collections::VecDeque;
use std::io::Write;

/// What the candidates' side found of a deal's condition.
pub(crate) enum Verdict {
    /// The condition holds (it reads no `tricks`), after this many `rnd` calls.
    Accepted { rand_calls: u64 },
    /// It may hold, depending on `tricks`: evaluated again once the deal is solved.
    Undecided,
    /// Evaluating it failed (the run ends there).
    Failed(RunError),
}

/// A candidate deal's index among the generated deals (from 0) and its verdict.
pub(crate) struct Candidate {
    index: u64,
    verdict: Verdict,
}

/// The verdict on `deal` (none: rejected). `condition_dd`: the condition reads `tricks`.
/// With leveling, a deal whose value is known without double dummy is rejected too if the
/// value is outside the range or its quota is already met (else its quota is checked in
/// order, after solving).
fn verdict(
    script: &Script,
    ev: &mut Evaluator<'_>,
    deal: Deal,
    condition_dd: bool,
    level: Option<&(Level, Filled)>,
    rand: &mut dyn FnMut(u64) -> u32,
) -> Option<Verdict> {
    let verdict = condition_verdict(script, ev, deal, condition_dd, rand)?;
    if let (Some((level, filled)), false) = (level, matches!(verdict, Verdict::Failed(_))) {
        if let Some(v) = ev.eval_without_dd(&level.expr) {
            if !filled.takes(v) {
                return None;
            }
        }
    }
    Some(verdict)
}

fn condition_verdict(
    script: &Script,
    ev: &mut Evaluator<'_>,
    deal: Deal,
    condition_dd: bool,
    rand: &mut dyn FnMut(u64) -> u32,
) -> Option<Verdict> {
    ev.set_deal(deal);
    let Some(c) = &script.condition else {
        return Some(Verdict::Accepted { rand_calls: 0 });
    };
    if condition_dd {
        return match ev.eval_without_dd(c) {
            Some(0) => None,
            _ => Some(Verdict::Undecided),
        };
    }
    let mut call = 0u64;
    let mut r = || {
        call += 1;
        rand(call - 1)
    };
    match ev.eval(c, &mut NoTricks, &mut r) {
        Ok(0) => None,
        Ok(_) => Some(Verdict::Accepted { rand_calls: call }),
        Err(e) => Some(Verdict::Failed(e)),
    }
}

/// Tells the evaluator every pair `tricks` holds.
fn set_tricks(ev: &mut Evaluator<'_>, tricks: &Tricks) {
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            if let Some(t) = tricks.get(seat, strain) {
                ev.set_tricks(seat, strain, t);
            }
        }
    }
}

/// The counter generator's candidates, tested a block at a time on `threads` threads, in
/// the order of their index.
struct CounterCandidates<'a> {
    script: &'a Script,
    dealer: &'a CounterDealer,
    next: u64,
    generate: u64,
    block: u64,
    threads: usize,
    condition_dd: bool,
    level: Option<&'a (Level, Filled)>,
    queue: VecDeque<(Deal, Candidate)>,
}

impl CounterCandidates<'_> {
    /// The candidates among deals `from..to`, in order; stops after a failure.
    fn test(&self, from: u64, to: u64) -> Vec<(Deal, Candidate)> {
        let mut ev = Evaluator::new(self.script);
        let mut found = Vec::new();
        for index in from..to {
            let deal = self.dealer.deal_at(index);
            let mut rand = |call| self.dealer.rand_at(index, call);
            if let Some(verdict) = verdict(
                self.script,
                &mut ev,
                deal,
                self.condition_dd,
                self.level,
                &mut rand,
            ) {
                let failed = matches!(verdict, Verdict::Failed(_));
                found.push((deal, Candidate { index, verdict }));
                if failed {
                    break;
                }
            }
        }
        found
    }
}

impl Iterator for CounterCandidates<'_> {
    type Item = (Deal, Candidate);

    fn next(&mut self) -> Option<(Deal, Candidate)> {
        loop {
            if let Some(c) = self.queue.pop_front() {
                if matches!(c.1.verdict, Verdict::Failed(_)) {
                    self.queue.clear();
                    self.next = self.generate;
                }
                return Some(c);
            }
            if self.next >= self.generate {
                return None;
            }
            let end = self.next.saturating_add(self.block).min(self.generate);
            let found = if self.threads <= 1 {
                self.test(self.next, end)
            } else {
                let per = (end - self.next).div_ceil(self.threads as u64);
                let next = self.next;
                let this = &*self;
                std::thread::scope(|s| {
                    let handles: Vec<_> = (0..this.threads as u64)
                        .map(|t| {
                            let from = (next + t * per).min(end);
                            let to = (from + per).min(end);
                            s.spawn(move || this.test(from, to))
                        })
                        .collect();
                    handles
                        .into_iter()
                        .flat_map(|h| h.join().expect("a dealing thread panicked"))
                        .collect::<Vec<_>>()
                })
            };
            self.queue.extend(found);
            self.next = end;
            self.block = (self.block * 2).min(1 << 14);
        }
    }
}

/// Where the candidates come from.
pub(crate) enum Source<'a> {
    /// The counter generator: deal `i` from the seed and `i`.
    Counter(&'a CounterDealer),
    /// Dealer's generator, for a script without `rnd`.
    Dealer(Generator),
}

/// Runs the script's deals through the double-dummy batches: `(generated, produced)`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    script: &Script,
    source: Source<'_>,
    generate: u64,
    produce: u64,
    threads: usize,
    ev: &mut Evaluator<'_>,
    actions: &mut Actions<'_>,
    out: &mut impl Write,
    progress: &mut Progress,
    stopper: &mut Stopper<'_>,
    quotas: &mut Option<Quotas<'_>>,
) -> Result<(u64, u64), RunError> {
    let condition_dd = script
        .condition
        .as_ref()
        .is_some_and(|c| script.reads_tricks(c));
    // What decides whether a deal is produced (the condition's pairs and leveling's), and
    // what the actions read besides.
    let mut deciding = Vec::new();
    if let (Some(c), true) = (&script.condition, condition_dd) {
        script.tricks_in(c, &mut deciding);
    }
    if let Some(q) = quotas {
        script.tricks_in(&q.level().expr, &mut deciding);
    }
    let deciding: Needs = deciding.into_iter().collect();
    let needs: Needs = script
        .action_tricks_used()
        .into_iter()
        .chain(deciding.pairs())
        .collect();
    // Two steps when the deciding pairs are not all: the rest only for the deals they pass.
    let two_steps = deciding != Needs::NONE && deciding != needs;
    let level = quotas.as_ref().map(|q| (q.level().clone(), q.filled()));
    let level = level.as_ref();
    let counter = match &source {
        Source::Counter(d) => Some(*d),
        Source::Dealer(_) => None,
    };
    let candidates: Box<dyn Iterator<Item = (Deal, Candidate)> + Send + '_> = match source {
        Source::Counter(dealer) => Box::new(CounterCandidates {
            script,
            dealer,
            next: 0,
            generate,
            block: 256,
            threads,
            condition_dd,
            level,
            queue: VecDeque::new(),
        }),
        Source::Dealer(mut gen) => {
            let mut ev = Evaluator::new(script);
            let mut failed = false;
            Box::new(std::iter::from_fn(move || {
                while !failed && gen.generated() < generate {
                    let deal = gen.next_deal();
                    let index = gen.generated() - 1;
                    // No `rnd` in the script: never called.
                    let mut rand = |_| 0;
                    if let Some(verdict) =
                        verdict(script, &mut ev, deal, condition_dd, level, &mut rand)
                    {
                        failed = matches!(verdict, Verdict::Failed(_));
                        return Some((deal, Candidate { index, verdict }));
                    }
                }
                None
            }))
        }
    };
    /// Why the stream stopped early.
    enum Stop {
        Done,
        Error(RunError),
    }
    impl From<RunError> for Stop {
        fn from(e: RunError) -> Stop {
            Stop::Error(e)
        }
    }
    impl From<std::io::Error> for Stop {
        fn from(e: std::io::Error) -> Stop {
            Stop::Error(e.into())
        }
    }
    let mut fallback = SolverTricks::new();
    let mut nprod = 0u64;
    let mut last = 0u64;
    let options = DdOptions::with_threads(threads);
    let sink = |_, candidate: Candidate, deal, tricks: Tricks| -> Result<(), Stop> {
        let index = candidate.index;
        ev.set_deal(deal);
        set_tricks(ev, &tricks);
        let (first_call, undecided) = match candidate.verdict {
            Verdict::Failed(e) => return Err(Stop::Error(e)),
            Verdict::Accepted { rand_calls } => (rand_calls, false),
            Verdict::Undecided => (0, true),
        };
        let mut call = first_call;
        let mut rand = || {
            call += 1;
            counter.map_or(0, |d| d.rand_at(index, call - 1))
        };
        if undecided {
            let c = script.condition.as_ref().expect("a condition");
            if ev.eval(c, &mut fallback, &mut rand)? == 0 {
                progress.tick(index + 1, nprod);
                return if stopper.interrupted() {
                    Err(Stop::Done)
                } else {
                    Ok(())
                };
            }
        }
        if let Some(q) = quotas.as_mut() {
            if !q.admit(ev, &mut fallback, &mut rand)? {
                progress.tick(index + 1, nprod);
                return if stopper.interrupted() {
                    Err(Stop::Done)
                } else {
                    Ok(())
                };
            }
        }
        actions.on_deal(out, nprod, ev, &mut fallback, &mut rand)?;
        nprod += 1;
        last = index + 1;
        progress.tick(last, nprod);
        if nprod >= produce || stopper.should_stop(actions) {
            return Err(Stop::Done);
        }
        Ok(())
    };
    let result = if two_steps {
        // The gate: whether the deal meets the condition and leveling's range and quota
        // on the deciding pairs' tricks (the run decides again, in order; a wrong guess
        // here would cost time, never a value).
        let gate = |(ev, dd): &mut (Evaluator<'_>, SolverTricks),
                    candidate: &Candidate,
                    deal: &Deal,
                    tricks: &Tricks| {
            ev.set_deal(*deal);
            set_tricks(ev, tricks);
            let mut call = match candidate.verdict {
                Verdict::Accepted { rand_calls } => rand_calls,
                Verdict::Undecided => 0,
                Verdict::Failed(_) => return true,
            };
            let mut rand = || {
                call += 1;
                counter.map_or(0, |d| d.rand_at(candidate.index, call - 1))
            };
            if let (Some(c), Verdict::Undecided) = (&script.condition, &candidate.verdict) {
                match ev.eval(c, dd, &mut rand) {
                    Ok(0) => return false,
                    Ok(_) => {}
                    Err(_) => return true,
                }
            }
            match level {
                Some((l, filled)) => match ev.eval(&l.expr, dd, &mut rand) {
                    Ok(v) => filled.takes(v),
                    Err(_) => true,
                },
                None => true,
            }
        };
        stream_gated(
            candidates,
            (deciding, needs),
            &options,
            || (Evaluator::new(script), SolverTricks::new()),
            gate,
            sink,
        )
    } else {
        stream_strains(candidates, needs, &options, sink)
    };
    match result {
        Ok(()) => Ok((generate, nprod)),
        Err(Stop::Done) => Ok((last, nprod)),
        Err(Stop::Error(e)) => Err(e),
    }
}
