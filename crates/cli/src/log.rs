//! `--log LEVEL` and `RUST_LOG`: the library's `tracing` diagnostics (a span per search, at
//! debug level one line per search with its counts) written to stderr by
//! `tracing-subscriber`, never into the output.

use crate::error::CliError;
use clap::ValueEnum;
use std::io::IsTerminal;
use tracing_subscriber::EnvFilter;

/// The levels of `--log`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogLevel {
    /// Errors only.
    Error,
    /// Warnings and errors (the default, but for `serve`, whose default is info).
    Warn,
    /// Progress worth knowing.
    Info,
    /// One line per search (a strain and leader of a table, a position): its counts and
    /// time.
    Debug,
    /// And the counts of each search per depth.
    Trace,
}

impl LogLevel {
    /// The filter directive of the level.
    fn directive(self) -> &'static str {
        match self {
            LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
            LogLevel::Trace => "trace",
        }
    }
}

/// Installs the stderr subscriber: `--log LEVEL` if given, else the directives of
/// `RUST_LOG` if it is set, else `default` (warnings and errors for the commands, info for
/// `serve`, whose info lines are its request log). A `RUST_LOG` that does not parse is an
/// error naming it.
pub fn init(level: Option<LogLevel>, default: LogLevel) -> Result<(), CliError> {
    let filter = match (level, std::env::var("RUST_LOG")) {
        (Some(level), _) => EnvFilter::new(level.directive()),
        (None, Ok(directives)) if !directives.trim().is_empty() => EnvFilter::try_new(&directives)
            .map_err(|e| CliError::Input(format!("RUST_LOG={directives:?}: {e}")))?,
        (None, _) => EnvFilter::new(default.directive()),
    };
    let stderr = std::io::stderr();
    // Another subscriber already set (never in the binary) leaves that one in place.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(stderr.is_terminal())
        // A reader of stderr that goes away (`2>&1 | head`) ends the logging quietly: the
        // subscriber's own report of the failed write would itself fail, and panic.
        .log_internal_errors(false)
        .try_init();
    Ok(())
}
