//! Standard output in whole records, its errors, and what Ctrl-C does.
//!
//! Every command writes its output through [`Stdout`], one record (a line, a table, a JSON
//! object) per `write` call, and flushes after each record it wants seen. Each call takes a
//! lock and buffers the record whole, so the Ctrl-C handler ([`install_interrupt_handler`]),
//! which takes the same lock, flushes and ends the process between records: an interrupted
//! run leaves only complete lines. Files that a command is writing ([`TempGuard`]) are
//! removed before the process ends, so an interrupted `annotate -o` leaves no partial file.
//!
//! Every write error is an error of the run (exit status 2, with the message), except a
//! reader that went away (a broken pipe, `| head`), which ends the run quietly with exit
//! status 0 ([`crate::error::CliError::report`]):
//!
//! - a full disk: when standard output is a regular file, the record being written when the
//!   disk filled up is cut off again (the file is truncated to its length before it), so the
//!   file holds whole records only;
//! - standard output closed (`>&-`): the Rust runtime opens `/dev/null` (read-write) in its
//!   place before `main`, so the records go nowhere and the run ends with exit status 0.
//!   That descriptor cannot be told apart from a `/dev/null` that the caller opened
//!   read-write on purpose (Python's `subprocess.DEVNULL`, a shell's `1<>/dev/null`), which
//!   must work, so it is written to as any other.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// Flush the buffer when it holds this many bytes even without a `flush` call.
const BUFFER: usize = 64 * 1024;

/// Standard output: a handle of its own on descriptor 1 (so that no layer of `std` hides an
/// error), `None` if descriptor 1 could not be duplicated; and the records not yet
/// written.
#[derive(Debug)]
struct Sink {
    file: Option<File>,
    buf: Vec<u8>,
}

impl Sink {
    fn open() -> Sink {
        let file = io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .ok()
            .map(File::from);
        Sink {
            file,
            buf: Vec::new(),
        }
    }

    fn file(&mut self) -> io::Result<&mut File> {
        self.file.as_mut().ok_or_else(|| {
            io::Error::other("standard output cannot be written (its descriptor is not open)")
        })
    }

    /// Writes the buffer; on a failure, cuts a regular file back to its length before it.
    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let buf = std::mem::take(&mut self.buf);
        let file = self.file()?;
        let before = file
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        let written = file.write_all(&buf);
        if written.is_err() {
            if let Some(len) = before {
                let _ = file.set_len(len);
            }
        }
        written
    }
}

/// Standard output, buffered, behind the lock that the Ctrl-C handler takes.
fn shared() -> &'static Mutex<Sink> {
    static OUT: OnceLock<Mutex<Sink>> = OnceLock::new();
    OUT.get_or_init(|| Mutex::new(Sink::open()))
}

/// Temporary files to remove if the process is interrupted.
fn temp_files() -> MutexGuard<'static, Vec<PathBuf>> {
    static FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    FILES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The process's standard output for records: each `write` call buffers its whole buffer
/// under the lock, so a record written with one call is never cut by Ctrl-C.
#[derive(Debug, Default)]
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut out = shared().lock().unwrap_or_else(PoisonError::into_inner);
        out.file()?;
        out.buf.extend_from_slice(buf);
        if out.buf.len() >= BUFFER {
            out.flush()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        shared()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .flush()
    }
}

/// Makes Ctrl-C (and SIGTERM) end the process between two records: standard output is
/// flushed, temporary files are removed, and the exit status is 130.
pub fn install_interrupt_handler() {
    // Failing to install a handler (another one is there) leaves the default behaviour.
    let _ = ctrlc::set_handler(|| {
        let mut out = shared().lock().unwrap_or_else(PoisonError::into_inner);
        let _ = out.flush();
        for path in temp_files().iter() {
            let _ = std::fs::remove_file(path);
        }
        eprintln!("\nddsolve: interrupted");
        std::process::exit(130);
    });
}

/// A temporary file registered for removal on Ctrl-C while the guard lives.
#[derive(Debug)]
pub struct TempGuard(PathBuf);

impl TempGuard {
    /// Registers `path`.
    pub fn new(path: &Path) -> TempGuard {
        temp_files().push(path.to_path_buf());
        TempGuard(path.to_path_buf())
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        temp_files().retain(|p| p != &self.0);
    }
}
