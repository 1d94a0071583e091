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
use crate::mismatch::{self, Mismatch, Summary};
use crate::par::ParChecks;
use crate::progress::Progress;
use crate::stream::thread_count;
use ddsolve::exec::pool::{ordered_map, PoolOptions};
use ddsolve::{DdTable, Solution, Solutions, SolveError, Solver, Target};
use ddsolve_cards::{Card, Deal, Holding, Position, Seat, Strain};
use ddsolve_formats::dds_file::{self, Entry};
use serde_json::json;
use std::collections::HashMap;
use std::fmt::Write as _;
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
    let entries = read_entries(&args.file)?;
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

    let plays = if matches!(args.mode, Mode::All | Mode::Play) {
        entries
            .iter()
            .filter(|e| e.play.is_some() && e.trace.is_some())
            .count()
    } else {
        0
    };
    let progress = Progress::new(Some((jobs.len() + plays) as u64), args.quiet, "checks");
    let format = args.format;
    let threads = thread_count(args.threads);

    let mut answers: Vec<Option<Answer>> = (0..jobs.len()).map(|_| None).collect();
    let mut next_entry = 0;
    let mut summary = Summary::default();
    let mut report = |upto: Option<usize>,
                      answers: &[Option<Answer>],
                      out: &mut dyn Write|
     -> std::io::Result<()> {
        while next_entry < entries.len() && plans[next_entry].last_job() <= upto {
            let (e, plan) = (&entries[next_entry], plans[next_entry]);
            next_entry += 1;
            let mut found: Vec<Mismatch> = Vec::new();
            if let (Some(j), Some(fut)) = (plan.leads, &e.fut) {
                summary.checked += 1;
                summary.lines.fut += 1;
                if let Some(Answer::Leads(got)) = &answers[j] {
                    found.extend(check_leads(e, fut, got));
                }
            }
            if let (true, Some(j), Some(want)) = (table, plan.table, &e.table) {
                summary.checked += 1;
                summary.lines.table += 1;
                if let Some(Answer::Table(got)) = &answers[j] {
                    found.extend(check_table(e, want, got));
                }
            }
            if let (true, Some(j)) = (pars.wants(e), plan.table) {
                if let Some(Answer::Table(got)) = &answers[j] {
                    let (c, m) = pars.check(e, got);
                    summary.checked += c;
                    summary.lines.par += c;
                    found.extend(m);
                }
            }
            for m in &found {
                summary.mismatches += 1;
                mismatch::write(out, format, m)?;
            }
        }
        Ok(())
    };
    ordered_map(
        jobs.iter(),
        &PoolOptions::with_threads(threads),
        || args.solver.solver(),
        |solver, job| work(solver, job),
        |j, answer| -> std::io::Result<()> {
            answers[j] = Some(answer);
            progress.inc();
            report(Some(j), &answers, out)
        },
    )?;
    // Entries with nothing to check (no FUT or TABLE line in this mode).
    report(Some(usize::MAX), &answers, out)?;
    if matches!(args.mode, Mode::All | Mode::Play) {
        let (c, m) =
            crate::play::check_plays(&entries, threads, args.solver, format, &progress, out)?;
        summary.checked += c;
        summary.lines.play += c;
        summary.mismatches += m;
    }
    progress.finish();
    mismatch::write_summary(out, format, &summary, matches!(args.mode, Mode::All))?;
    Ok(if summary.mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The entries of the DDS file at `path`; errors name the file, and the line where there is
/// one. A file without an entry is an error: there would be nothing to check.
fn read_entries(path: &std::path::Path) -> Result<Vec<Entry>, CliError> {
    let stdin = path == std::path::Path::new("-");
    let name = if stdin {
        "stdin".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = if stdin {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)
            .map_err(|e| CliError::input(format!("cannot read stdin: {e}")))?;
        v
    } else {
        std::fs::read(path).map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?
    };
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        CliError::input(format!(
            "{name}, line {line}: byte {:#04x} is not UTF-8 text (a DDS file is ASCII)",
            bytes[at]
        ))
    })?;
    let entries =
        dds_file::parse_file(text).map_err(|e| CliError::input(format!("{name}, {e}")))?;
    if entries.is_empty() {
        let what = if text.is_empty() {
            "the file is empty"
        } else if text.trim().is_empty() {
            "it has only blank lines"
        } else {
            "it has no PBN line"
        };
        return Err(CliError::input(format!(
            "{name}: no entries to check: {what} (a DDS file holds PBN lines, each followed by \
             the FUT, TABLE, PAR, PAR2, PLAY and TRACE lines to check)"
        )));
    }
    Ok(entries)
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

/// Compares a `FUT` line with the solver's answer: the mismatch, if any.
fn check_leads(
    e: &Entry,
    fut: &[dds_file::FutCard],
    got: &Result<Solution, SolveError>,
) -> Option<Mismatch> {
    let mut want: Vec<Lead> = fut.iter().map(|f| (f.card, f.equals, f.score)).collect();
    sort_leads(&mut want);
    let mut m = Mismatch::new("FUT", e);
    m.expected = leads_json(&want);
    let out = &mut m.report;
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
            let _ = writeln!(out, "{}", header(e, "FUT"));
            let _ = writeln!(out, "  expected: {}", show_leads(&want));
            let _ = writeln!(out, "  got:      the solver refused: {err}");
            m.got = json!({ "error": err.to_string() });
            return Some(m);
        }
    };
    if got == want {
        return None;
    }
    let only = |a: &[Lead], b: &[Lead]| -> Vec<Lead> {
        a.iter().filter(|x| !b.contains(x)).copied().collect()
    };
    let _ = writeln!(out, "{}", header(e, "FUT"));
    let _ = writeln!(
        out,
        "  leads as card[other equal ranks]:tricks for the side on lead"
    );
    let _ = writeln!(out, "  expected: {}", show_leads(&want));
    let _ = writeln!(out, "  got:      {}", show_leads(&got));
    let _ = writeln!(
        out,
        "  only in expected: {}",
        show_leads(&only(&want, &got))
    );
    let _ = writeln!(
        out,
        "  only in got:      {}",
        show_leads(&only(&got, &want))
    );
    m.got = leads_json(&got);
    Some(m)
}

/// Leads as JSON: `[{"card": "S8", "equals": ["S7"], "tricks": 7}, ...]`.
fn leads_json(leads: &[Lead]) -> serde_json::Value {
    leads
        .iter()
        .map(|&(card, equals, tricks)| {
            let equals: Vec<String> = equals
                .iter()
                .map(|r| Card::new(card.suit(), r).to_string())
                .collect();
            json!({ "card": card.to_string(), "equals": equals, "tricks": tricks })
        })
        .collect()
}

/// Compares a `TABLE` line with the solver's table: the mismatch, if any. Both are the 20
/// numbers in DDS order in JSON.
fn check_table(e: &Entry, want: &[u8; 20], got: &DdTable) -> Option<Mismatch> {
    let got = got.to_dds_order();
    if &got == want {
        return None;
    }
    let mut m = Mismatch::new("TABLE", e);
    m.expected = json!(want);
    m.got = json!(got);
    let out = &mut m.report;
    let show = |t: &[u8; 20]| t.map(|x| x.to_string()).join(" ");
    let _ = writeln!(out, "{}", header(e, "TABLE"));
    let _ = writeln!(
        out,
        "  20 numbers, strains S H D C NT, declarers N E S W in each"
    );
    let _ = writeln!(out, "  expected: {}", show(want));
    let _ = writeln!(out, "  got:      {}", show(&got));
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        if w != g {
            let (strain, declarer) = (Strain::ALL[i / 4], Seat::ALL[i % 4]);
            let _ = writeln!(
                out,
                "  {strain} by {declarer}: expected {w} tricks, got {g}"
            );
        }
    }
    Some(m)
}
