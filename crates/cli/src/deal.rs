//! `ddsolve deal`: runs a dealer script (Hans van Staveren's language, as Debian's `dealer`
//! accepts it) with dealer's options.

use crate::error::CliError;
use clap::{Args, ValueEnum};
use ddsolve_deal::gen::{RngKind, Swapping};
use ddsolve_deal::{Options, Script};
use std::io::{Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// Threads that deal and test the condition (counter generator) [default: all cores].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
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
        ..Options::default()
    };
    script.run(&opts, out).map_err(|e| match e {
        ddsolve_deal::RunError::Io(e) => CliError::Output(e),
        e => CliError::input(format!("{shown}:{e}")),
    })?;
    Ok(ExitCode::SUCCESS)
}

fn read_stdin() -> Result<String, CliError> {
    let mut s = String::new();
    std::io::stdin()
        .read_to_string(&mut s)
        .map_err(|e| CliError::input(format!("reading the script from stdin: {e}")))?;
    Ok(s)
}
