//! A progress bar on stderr for long batches (indicatif): count, rate and, when the total is
//! known, a bar and the time left. The rate is shown with three significant figures at most
//! (`7.97/s`, `126/s`, `4.20 s each`) and only once something is done; the time left only once it can be
//! estimated (a deal done). Shown only when stderr is a terminal and `--quiet` is not
//! given; messages about bad input go through it so that they do not break the bar.

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
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
                .with_style(style(
                    &format!("{{bar:30}} {{pos}}/{{len}} {what}{{rate}}{{left}}"),
                    ProgressStyle::default_bar(),
                )),
            None => {
                ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(style(
                    &format!("{{spinner}} {{pos}} {what}{{rate}}  {{elapsed}}"),
                    ProgressStyle::default_spinner(),
                ))
            }
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

/// The style of `template`, with the keys `rate` and `left` ([`rate_text`], the time left
/// once a deal is done), or `fallback` if the template cannot be read.
fn style(template: &str, fallback: ProgressStyle) -> ProgressStyle {
    match ProgressStyle::with_template(template) {
        Ok(style) => style
            .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate_text(s.pos(), s.elapsed().as_secs_f64()));
            })
            .with_key("left", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                if s.pos() > 0 && s.len().is_some_and(|n| n > s.pos()) {
                    let _ = write!(w, "  {} left", HumanDuration(s.eta()));
                }
            }),
        Err(_) => fallback,
    }
}

/// `done` items in `seconds` as a rate with at most three significant figures (`  7.97/s`,
/// `  126/s`; below one a second, the seconds each takes: `  4.20 s each`), or nothing
/// before the first item.
pub fn rate_text(done: u64, seconds: f64) -> String {
    if done == 0 || seconds <= 0.0 {
        return String::new();
    }
    let rate = done as f64 / seconds;
    let three_figures = |x: f64| match x {
        x if x >= 100.0 => format!("{x:.0}"),
        x if x >= 10.0 => format!("{x:.1}"),
        x => format!("{x:.2}"),
    };
    if rate >= 1.0 {
        format!("  {}/s", three_figures(rate))
    } else {
        format!("  {} s each", three_figures(1.0 / rate))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_have_three_figures_at_most_and_wait_for_the_first_item() {
        assert_eq!(rate_text(0, 5.0), "");
        assert_eq!(rate_text(3, 0.0), "");
        assert_eq!(rate_text(8, 1.004), "  7.97/s");
        assert_eq!(rate_text(1000, 80.0), "  12.5/s");
        assert_eq!(rate_text(12600, 100.0), "  126/s");
        assert_eq!(rate_text(1, 300.0), "  300 s each");
        assert_eq!(rate_text(10, 42.0), "  4.20 s each");
    }
}
