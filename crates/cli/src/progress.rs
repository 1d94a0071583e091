//! A progress bar on stderr for long batches (indicatif): count, rate and, when the total is
//! known, a bar and the time left. Shown only when stderr is a terminal and `--quiet` is not
//! given; messages about bad input go through it so that they do not break the bar.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar, or nothing.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Does a run with `quiet` show progress? Only on a terminal.
    pub fn wanted(quiet: bool) -> bool {
        !quiet && std::io::stderr().is_terminal()
    }

    /// A bar counting `what` (e.g. "deals") up to `total` if known; hidden unless
    /// [`Progress::wanted`].
    pub fn new(total: Option<u64>, quiet: bool, what: &str) -> Progress {
        if !Progress::wanted(quiet) {
            return Progress { bar: None };
        }
        let bar = match total {
            Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr())
                .with_style(
                    ProgressStyle::with_template(&format!(
                        "{{bar:30}} {{pos}}/{{len}} {what}  {{per_sec}}  ETA {{eta}}"
                    ))
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template(&format!(
                    "{{spinner}} {{pos}} {what}  {{per_sec}}  {{elapsed}}"
                ))
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// One more done.
    pub fn inc(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Prints `message` on stderr (above the bar, if there is one).
    pub fn warn(&self, message: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{message}")),
            None => eprintln!("{message}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
