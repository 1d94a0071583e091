//! Standard output in whole records, and what Ctrl-C does.
//!
//! Every command writes its output through [`Stdout`], one record (a line, a table, a JSON
//! object) per `write` call. Each call takes a lock and writes the record whole, so the
//! Ctrl-C handler ([`install_interrupt_handler`]), which takes the same lock, flushes and ends
//! the process between records: an interrupted run leaves only complete lines. Files that a
//! command is writing ([`TempGuard`]) are removed before the process ends, so an interrupted
//! `annotate -o` leaves no partial file.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// Standard output, buffered, behind the lock that the Ctrl-C handler takes.
fn shared() -> &'static Mutex<BufWriter<io::Stdout>> {
    static OUT: OnceLock<Mutex<BufWriter<io::Stdout>>> = OnceLock::new();
    OUT.get_or_init(|| Mutex::new(BufWriter::new(io::stdout())))
}

/// Temporary files to remove if the process is interrupted.
fn temp_files() -> MutexGuard<'static, Vec<PathBuf>> {
    static FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    FILES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The process's standard output for records: each `write` call writes its whole buffer
/// under the lock, so a record written with one call is never cut by Ctrl-C.
#[derive(Debug, Default)]
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut out = shared().lock().unwrap_or_else(PoisonError::into_inner);
        out.write_all(buf)?;
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
