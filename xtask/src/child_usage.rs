//! One child process run and measured, for `cargo xtask race`: the wall time from spawn to
//! exit, and its peak resident memory, the kernel's own high-water mark (`ru_maxrss` of
//! `wait4(2)`, which `std::process::Child::wait` discards), with an optional time limit.
//!
//! The child's output goes where the caller's `Command` says (the race writes it to files,
//! so that a child never blocks on a full pipe while this waits for it).

use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus};
use std::time::{Duration, Instant};

/// How a measured process ended.
#[derive(Debug)]
pub enum Outcome {
    /// It exited (or was killed by a signal not ours).
    Exited {
        /// Its exit status.
        status: ExitStatus,
        /// From spawn to exit.
        wall: Duration,
        /// Its peak resident set size, in kilobytes.
        peak_rss_kb: u64,
    },
    /// It was still running at the time limit, and was killed.
    TimedOut,
}

/// How often a process with a time limit is looked at.
const POLL: Duration = Duration::from_millis(1);

/// Runs `cmd` and waits for it: its exit status, time and peak memory, or
/// [`Outcome::TimedOut`] once it has run for `limit` (it is then killed and reaped). Without
/// a limit the wait blocks; with one, the child is looked at every millisecond.
pub fn run(cmd: &mut Command, limit: Option<Duration>) -> io::Result<Outcome> {
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id();
    loop {
        if let Some((status, peak_rss_kb)) = wait4(pid, limit.is_none())? {
            return Ok(Outcome::Exited {
                status,
                wall: start.elapsed(),
                peak_rss_kb,
            });
        }
        if limit.is_some_and(|l| start.elapsed() >= l) {
            // Not yet reaped, so the pid is still this child's.
            child.kill()?;
            wait4(pid, true)?;
            return Ok(Outcome::TimedOut);
        }
        std::thread::sleep(POLL);
    }
}

/// `wait4(2)` on child `pid`: its exit status and peak RSS in kB once it has exited, or
/// `None` if it is still running and `block` is false. Retries when a signal interrupts.
#[allow(unsafe_code)]
fn wait4(pid: u32, block: bool) -> io::Result<Option<(ExitStatus, u64)>> {
    let pid = libc::pid_t::try_from(pid).map_err(io::Error::other)?;
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        let mut status: libc::c_int = 0;
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: `status` and `usage` are valid for writes for the whole call, as wait4
        // requires; `rusage` is plain integers, so the zeroed value is initialized whether
        // or not the call writes it.
        let (got, usage) = unsafe {
            let got = libc::wait4(pid, &mut status, flags, usage.as_mut_ptr());
            (got, usage.assume_init())
        };
        if got == pid {
            let kb = u64::try_from(usage.ru_maxrss).unwrap_or(0);
            return Ok(Some((ExitStatus::from_raw(status), kb)));
        }
        if got == 0 {
            return Ok(None);
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_is_measured_and_its_status_kept() {
        let Outcome::Exited {
            status,
            peak_rss_kb,
            ..
        } = run(Command::new("sh").args(["-c", "exit 3"]), None).unwrap()
        else {
            panic!("no time limit, yet timed out");
        };
        assert_eq!(status.code(), Some(3));
        assert!(peak_rss_kb > 0);
    }

    #[test]
    fn a_process_over_its_limit_is_killed() {
        let start = Instant::now();
        let outcome = run(
            Command::new("sleep").arg("30"),
            Some(Duration::from_millis(50)),
        )
        .unwrap();
        assert!(matches!(outcome, Outcome::TimedOut), "{outcome:?}");
        assert!(start.elapsed() < Duration::from_secs(20));
        let quick = run(&mut Command::new("true"), Some(Duration::from_secs(60))).unwrap();
        assert!(matches!(quick, Outcome::Exited { status, .. } if status.success()));
    }
}
