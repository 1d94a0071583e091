//! `ddsolve deal`: runs a dealer script (Hans van Staveren's language, as Debian's `dealer`
//! accepts it) with dealer's options.

use crate::error::CliError;
use clap::{Args, ValueEnum};
use ddsolve_deal::gen::{RngKind, Swapping};
use ddsolve_deal::{Live, Options, Script};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The random generator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Rng {
    /// Debian's dealer's (glibc's rand and dealer's shuffle): the same deals as
    /// `/usr/games/dealer -s SEED`; one thread.
    Dealer,
    /// Counter-based: the same deals for any number of threads.
    #[default]
    Counter,
}

/// What `ddsolve deal` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DealFormat {
    /// dealer's text, byte for byte.
    #[default]
    Dealer,
    /// One JSON object a produced deal (the deal and the values its actions compute), then
    /// one with the statistics.
    Json,
}

/// `ddsolve deal`.
#[derive(Debug, Args)]
#[command(after_help = "\
The script is dealer's language (see docs/dealer.md): generate, produce, vulnerable, dealer,
predeal, pointcount, altcount, condition, variables and actions. The options are dealer's;
they override the script's generate and produce. A bad script is reported as
FILE:LINE:COLUMN: message, with exit status 2.")]
pub struct DealArgs {
    /// The script file, or `-` for stdin [default: stdin].
    #[arg(value_name = "SCRIPT")]
    pub script: Option<PathBuf>,
    /// Produce at most N deals that meet the condition (dealer's -p).
    #[arg(short = 'p', long = "produce", value_name = "N")]
    pub produce: Option<u64>,
    /// Generate at most N deals (dealer's -g).
    #[arg(short = 'g', long = "generate", value_name = "N")]
    pub generate: Option<u64>,
    /// The seed (dealer's -s; a negative seed is its 64-bit two's complement) [default: the
    /// time].
    #[arg(short = 's', long = "seed", value_name = "SEED", allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// No swapping: every deal shuffled (dealer's -0, the default).
    #[arg(short = '0')]
    pub swap0: bool,
    /// Each deal followed by one with East and West exchanged (dealer's -2).
    #[arg(short = '2')]
    pub swap2: bool,
    /// Each deal followed by five with East, South and West permuted (dealer's -3).
    #[arg(short = '3')]
    pub swap3: bool,
    /// Exhaust mode (dealer's -e): not included, as in Debian's build.
    #[arg(short = 'e')]
    pub exhaust: bool,
    /// No PBN output (dealer's -q).
    #[arg(short = 'q')]
    pub quiet: bool,
    /// Upper or lower case (dealer's -u): accepted, no effect, as in Debian's build.
    #[arg(short = 'u')]
    pub upper: bool,
    /// No statistics at the end (dealer's -v toggles them off).
    #[arg(short = 'v')]
    pub verbose: bool,
    /// A progress meter on stderr (dealer's -m).
    #[arg(short = 'm')]
    pub meter: bool,
    /// The version (dealer's -V).
    #[arg(short = 'V')]
    pub version: bool,
    /// The random generator.
    #[arg(long, value_enum, default_value_t)]
    pub rng: Rng,
    /// Parse and check the script, deal nothing.
    #[arg(long)]
    pub check: bool,
    /// Never deal a seat from smart-stacking tables (plain rejection).
    #[arg(long)]
    pub no_stacking: bool,
    /// Threads that deal, test the condition and solve `tricks` [default: all cores].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// The output: dealer's text, or JSON lines (an extension).
    #[arg(long, value_enum, default_value_t)]
    pub format: DealFormat,
    /// Each average with its standard error and 0.95 interval, each frequency with
    /// percentages (an extension).
    #[arg(long)]
    pub stats: bool,
    /// Stop once every average's standard error is under X, each over 30 deals or more
    /// (an extension; the script needs an average).
    #[arg(long, value_name = "X", value_parser = parse_se)]
    pub until_se: Option<f64>,
    /// Leveling: produce N deals (-p or the script's produce) for each value of EXPR from
    /// LOW to HIGH, e.g. 'hcp(south)=5..9' (an extension).
    #[arg(long, value_name = "EXPR=LOW..HIGH")]
    pub level: Option<String>,
}

fn parse_se(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("'{s}' is not a standard error (a positive number)")),
    }
}

fn parse_seed(s: &str) -> Result<u64, String> {
    if let Ok(v) = s.parse::<u64>() {
        return Ok(v);
    }
    s.parse::<i64>()
        .map(|v| v as u64)
        .map_err(|_| format!("'{s}' is not a seed (an integer)"))
}

/// Runs `ddsolve deal`.
pub fn run(args: &DealArgs, out: &mut impl Write) -> Result<ExitCode, CliError> {
    if args.version {
        writeln!(
            out,
            "ddsolve deal {}: the dealer language",
            env!("CARGO_PKG_VERSION")
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.exhaust {
        return Err(CliError::input(
            "exhaust mode (-e) is not included, as in Debian's dealer",
        ));
    }
    let (name, text) = match args.script.as_deref() {
        None => ("(null)".to_string(), read_stdin()?),
        Some(p) if p.as_os_str() == "-" => ("(null)".to_string(), read_stdin()?),
        Some(p) => {
            let bytes =
                std::fs::read(p).map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                CliError::input(format!(
                    "{}: not UTF-8 text (byte {})",
                    p.display(),
                    e.utf8_error().valid_up_to()
                ))
            })?;
            (p.display().to_string(), text)
        }
    };
    let shown = if name == "(null)" {
        "-".to_string()
    } else {
        name.clone()
    };
    let script = Script::parse(&text).map_err(|e| CliError::input(format!("{shown}:{e}")))?;
    if args.check {
        return Ok(ExitCode::SUCCESS);
    }
    let swapping = if args.swap3 {
        Swapping::EastSouthWest
    } else if args.swap2 {
        Swapping::EastWest
    } else {
        Swapping::None
    };
    let threads = args
        .threads
        .map(NonZeroUsize::get)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    let opts = Options {
        produce: args.produce,
        generate: args.generate,
        seed: args.seed,
        swapping,
        quiet: args.quiet,
        verbose: !args.verbose,
        progress: args.meter,
        rng: match args.rng {
            Rng::Dealer => RngKind::Dealer,
            Rng::Counter => RngKind::Counter,
        },
        threads,
        input_name: name,
        date: None,
        stacking: !args.no_stacking,
        until_se: args.until_se,
        stats: args.stats,
        json: args.format == DealFormat::Json,
        live: Some(Arc::new(Live::default())),
        level: match &args.level {
            Some(text) => Some(
                ddsolve_deal::Level::parse(&script, text)
                    .map_err(|e| CliError::input(format!("--level {e}")))?,
            ),
            None => None,
        },
    };
    let live = opts.live.clone().expect("a live handle");
    // Ctrl-C ends the run with the statistics of what was produced (a second one at once).
    crate::output::interrupt_gracefully(Some(live.clone()));
    let bar = (crate::progress::Progress::wanted(args.quiet) && !args.meter)
        .then(|| Bar::start(live.clone(), script.limits(&opts)));
    let result = script.run(&opts, out);
    crate::output::interrupt_gracefully(None);
    drop(bar);
    result.map_err(|e| match e {
        ddsolve_deal::RunError::Io(e) => CliError::Output(e),
        ddsolve_deal::RunError::Usage(m) => CliError::input(m),
        e => CliError::input(format!("{shown}:{e}")),
    })?;
    if live.stop.load(Ordering::Relaxed) {
        return Ok(ExitCode::from(130));
    }
    Ok(ExitCode::SUCCESS)
}

/// The progress bar on stderr: deals produced (against `produce`, or generated against
/// `generate` when nothing limits the produced), generated, the acceptance rate, the rate
/// and the time left; redrawn from the run's [`Live`] counts by a thread of its own.
struct Bar {
    done: Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Bar {
    fn start(live: Arc<Live>, (generate, produce): (u64, u64)) -> Bar {
        let by_produced = produce != u64::MAX;
        let len = if by_produced { produce } else { generate };
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let template = if by_produced {
            "{bar:30} {pos}/{len} produced, {msg}, {eta} left"
        } else {
            "{bar:30} {pos}/{len} generated, {msg}, {eta} left"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stop = done.clone();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            while !stop.load(Ordering::Relaxed) {
                let generated = live.generated.load(Ordering::Relaxed);
                let produced = live.produced.load(Ordering::Relaxed);
                bar.set_position(if by_produced { produced } else { generated });
                bar.set_message(progress_message(
                    generated,
                    produced,
                    start.elapsed().as_secs_f64(),
                    by_produced,
                ));
                std::thread::sleep(Duration::from_millis(200));
            }
            bar.finish_and_clear();
        });
        Bar {
            done,
            thread: Some(thread),
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The bar's message: the other count, the acceptance rate and the rate of the bar's count.
fn progress_message(generated: u64, produced: u64, seconds: f64, by_produced: bool) -> String {
    let accepted = 100.0 * produced as f64 / generated.max(1) as f64;
    let counted = if by_produced { produced } else { generated };
    let rate = if seconds > 0.0 {
        counted as f64 / seconds
    } else {
        0.0
    };
    let other = if by_produced {
        format!("{generated} generated")
    } else {
        format!("{produced} produced")
    };
    format!("{other}, {accepted:.3}% accepted, {rate:.1}/s")
}

fn read_stdin() -> Result<String, CliError> {
    let mut s = String::new();
    std::io::stdin()
        .read_to_string(&mut s)
        .map_err(|e| CliError::input(format!("reading the script from stdin: {e}")))?;
    Ok(s)
}
