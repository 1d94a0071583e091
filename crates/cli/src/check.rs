//! `ddsolve check`: runs a DDS regression file against the solver.
//!
//! `FUT` lines: the value of every lead, from the entry's deal, trump and leader, compared as a
//! set of (card, equal ranks, tricks). DDS's equals leave out the card itself; ours include it,
//! so ours are compared with the card's own rank removed. `TABLE` lines: each distinct deal's
//! table is solved once and compared with every `TABLE` line of that deal. `PAR` and `PAR2`
//! lines: par and dealer par from that same table ([`ParChecks`]). `PLAY` and `TRACE`
//! lines: [`crate::play::check_plays`].

use crate::args::{CheckArgs, Mode};
use crate::error::CliError;
use crate::par::ParChecks;
use crate::parallel::{ordered_map, thread_count};
use ddsolve_cards::{Card, Deal, Holding, Position, Seat, Strain};
use ddsolve_search::{DdTable, Solution, Solutions, SolveError, Solver, Target};
use ddsolve_testkit::dds_files::{self, Entry};
use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

/// A piece of solver work.
enum Job<'a> {
    /// The values of every lead of an entry.
    Leads(&'a Entry),
    /// The table of a deal.
    Table(Deal),
}

/// A solver's answer to a [`Job`].
enum Answer {
    Leads(Result<Solution, SolveError>),
    Table(DdTable),
}

fn work(solver: &mut Solver, job: &Job) -> Answer {
    match job {
        Job::Leads(e) => Answer::Leads(solver.solve(
            &Position::new(e.deal, e.trump, e.first),
            Target::Max,
            Solutions::All,
        )),
        Job::Table(deal) => Answer::Table(solver.table(deal)),
    }
}

/// What an entry needs checked: the job of its leads and the job of its deal's table.
#[derive(Clone, Copy, Default)]
struct Plan {
    leads: Option<usize>,
    table: Option<usize>,
}

impl Plan {
    /// The last job the entry waits for.
    fn last_job(&self) -> Option<usize> {
        self.leads.max(self.table)
    }
}

/// One card of a `FUT` line, or a solver's card put in its terms: (card, other equal ranks,
/// tricks).
type Lead = (Card, Holding, u8);

/// Runs `ddsolve check`.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let entries = dds_files::read_file(&args.file).map_err(|e| CliError::input(format!("{e}")))?;
    let solve = matches!(args.mode, Mode::All | Mode::Solve);
    let table = matches!(args.mode, Mode::All | Mode::Table);
    let pars = ParChecks {
        par: matches!(args.mode, Mode::All | Mode::Par),
        dealer_par: matches!(args.mode, Mode::All | Mode::DealerPar),
    };

    // Jobs in entry order, so that an entry's jobs are done when the last of them is.
    let mut jobs: Vec<Job> = Vec::new();
    let mut table_job: HashMap<Deal, usize> = HashMap::new();
    let plans: Vec<Plan> = entries
        .iter()
        .map(|e| {
            let mut plan = Plan::default();
            if solve && e.fut.is_some() {
                jobs.push(Job::Leads(e));
                plan.leads = Some(jobs.len() - 1);
            }
            if (table && e.table.is_some()) || pars.wants(e) {
                plan.table = Some(*table_job.entry(e.deal).or_insert_with(|| {
                    jobs.push(Job::Table(e.deal));
                    jobs.len() - 1
                }));
            }
            plan
        })
        .collect();

    let mut answers: Vec<Option<Answer>> = (0..jobs.len()).map(|_| None).collect();
    let mut next_entry = 0;
    let (mut checked, mut mismatches) = (0usize, 0usize);
    // Lines checked per kind: FUT, TABLE, PAR and PAR2, PLAY.
    let mut kinds = [0usize; 4];
    let mut report = |upto: Option<usize>,
                      answers: &[Option<Answer>],
                      out: &mut dyn Write|
     -> std::io::Result<()> {
        while next_entry < entries.len() && plans[next_entry].last_job() <= upto {
            let (e, plan) = (&entries[next_entry], plans[next_entry]);
            next_entry += 1;
            if let (Some(j), Some(fut)) = (plan.leads, &e.fut) {
                checked += 1;
                kinds[0] += 1;
                if let Some(Answer::Leads(got)) = &answers[j] {
                    if !check_leads(out, e, fut, got)? {
                        mismatches += 1;
                    }
                }
            }
            if let (true, Some(j), Some(want)) = (table, plan.table, &e.table) {
                checked += 1;
                kinds[1] += 1;
                if let Some(Answer::Table(got)) = &answers[j] {
                    if !check_table(out, e, want, got)? {
                        mismatches += 1;
                    }
                }
            }
            if let (true, Some(j)) = (pars.wants(e), plan.table) {
                if let Some(Answer::Table(got)) = &answers[j] {
                    let (c, m) = pars.check(out, e, got)?;
                    checked += c;
                    kinds[2] += c;
                    mismatches += m;
                }
            }
        }
        Ok(())
    };
    ordered_map(
        &jobs,
        thread_count(args.threads),
        Solver::new,
        work,
        |j, answer| -> std::io::Result<()> {
            answers[j] = Some(answer);
            report(Some(j), &answers, out)
        },
    )?;
    // Entries with nothing to check (no FUT or TABLE line in this mode).
    report(Some(usize::MAX), &answers, out)?;
    if matches!(args.mode, Mode::All | Mode::Play) {
        let (c, m) = crate::play::check_plays(&entries, thread_count(args.threads), out)?;
        checked += c;
        kinds[3] += c;
        mismatches += m;
    }
    if matches!(args.mode, Mode::All) {
        writeln!(
            out,
            "lines checked: FUT {}, TABLE {}, PAR/PAR2 {}, PLAY {}",
            kinds[0], kinds[1], kinds[2], kinds[3]
        )?;
    }
    writeln!(out, "checked {checked}: {mismatches} mismatches")?;
    Ok(if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Describes an entry for a mismatch report.
fn header(e: &Entry, what: &str) -> String {
    format!(
        "MISMATCH in {what}, entry {} (line {}): deal {} trump {} leader {}",
        e.number,
        e.line,
        e.deal,
        e.trump,
        e.first.letter()
    )
}

fn sort_leads(leads: &mut [Lead]) {
    leads.sort_by_key(|&(card, _, tricks)| {
        (
            std::cmp::Reverse(tricks),
            card.suit(),
            std::cmp::Reverse(card.rank()),
        )
    });
}

fn show_leads(leads: &[Lead]) -> String {
    let shown: Vec<String> = leads
        .iter()
        .map(|&(card, equals, tricks)| {
            if equals.is_empty() {
                format!("{card}:{tricks}")
            } else {
                format!("{card}[{equals}]:{tricks}")
            }
        })
        .collect();
    if shown.is_empty() {
        "(none)".to_string()
    } else {
        shown.join(" ")
    }
}

/// Compares a `FUT` line with the solver's answer; reports and returns `false` on a mismatch.
fn check_leads(
    out: &mut dyn Write,
    e: &Entry,
    fut: &[dds_files::FutCard],
    got: &Result<Solution, SolveError>,
) -> std::io::Result<bool> {
    let mut want: Vec<Lead> = fut.iter().map(|f| (f.card, f.equals, f.score)).collect();
    sort_leads(&mut want);
    let got = match got {
        Ok(solution) => {
            let mut got: Vec<Lead> = solution
                .cards
                .iter()
                .map(|c| (c.card, c.equals - Holding::single(c.card.rank()), c.tricks))
                .collect();
            sort_leads(&mut got);
            got
        }
        Err(err) => {
            writeln!(out, "{}", header(e, "FUT"))?;
            writeln!(out, "  expected: {}", show_leads(&want))?;
            writeln!(out, "  got:      the solver refused: {err}")?;
            return Ok(false);
        }
    };
    if got == want {
        return Ok(true);
    }
    let only = |a: &[Lead], b: &[Lead]| -> Vec<Lead> {
        a.iter().filter(|x| !b.contains(x)).copied().collect()
    };
    writeln!(out, "{}", header(e, "FUT"))?;
    writeln!(
        out,
        "  leads as card[other equal ranks]:tricks for the side on lead"
    )?;
    writeln!(out, "  expected: {}", show_leads(&want))?;
    writeln!(out, "  got:      {}", show_leads(&got))?;
    writeln!(
        out,
        "  only in expected: {}",
        show_leads(&only(&want, &got))
    )?;
    writeln!(
        out,
        "  only in got:      {}",
        show_leads(&only(&got, &want))
    )?;
    Ok(false)
}

/// Compares a `TABLE` line with the solver's table; reports and returns `false` on a mismatch.
fn check_table(
    out: &mut dyn Write,
    e: &Entry,
    want: &[u8; 20],
    got: &DdTable,
) -> std::io::Result<bool> {
    let got = got.to_dds_order();
    if &got == want {
        return Ok(true);
    }
    let show = |t: &[u8; 20]| t.map(|x| x.to_string()).join(" ");
    writeln!(out, "{}", header(e, "TABLE"))?;
    writeln!(
        out,
        "  20 numbers, strains S H D C NT, declarers N E S W in each"
    )?;
    writeln!(out, "  expected: {}", show(want))?;
    writeln!(out, "  got:      {}", show(&got))?;
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        if w != g {
            let (strain, declarer) = (Strain::ALL[i / 4], Seat::ALL[i % 4]);
            writeln!(
                out,
                "  {strain} by {declarer}: expected {w} tricks, got {g}"
            )?;
        }
    }
    Ok(false)
}
