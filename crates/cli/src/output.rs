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
//! - standard output closed (`>&-`): the Rust runtime opens `/dev/null` in its place before
//!   `main`, which looks just like a `/dev/null` that the caller opened on purpose (Python's
//!   `subprocess.DEVNULL`, a shell's `>/dev/null` or `1<>/dev/null`). An ELF constructor
//!   ([`STDOUT_CLOSED`]), which runs before the runtime's, records whether descriptor 1 was
//!   open: if it was not, the first record written is an error, "standard output is closed"
//!   (exit status 2); a `/dev/null` opened by the caller is written to as any other output.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

/// Flush the buffer when it holds this many bytes even without a `flush` call.
const BUFFER: usize = 64 * 1024;

/// Whether descriptor 1 was closed when the process started: set by
/// [`record_stdout_closed`], which runs from `.init_array` before the Rust runtime's start-up
/// code opens `/dev/null` on the closed descriptor.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Records in [`STDOUT_CLOSED`] whether descriptor 1 is closed (`fcntl(1, F_GETFD)` fails
/// with `EBADF`). Runs before `main`, from the ELF constructor [`RECORD_STDOUT_CLOSED`].
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "fcntl is a libc call; it only reads descriptor 1's flags"
)]
extern "C" fn record_stdout_closed() {
    // SAFETY: `fcntl(1, F_GETFD)` takes no pointer and changes nothing; on an invalid
    // descriptor it returns -1 with errno EBADF. Reading errno right after it is sound.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFD) };
    if flags == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF) {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// The ELF constructor: the dynamic loader calls every function of `.init_array` before the
/// program's entry reaches the Rust runtime, which replaces a closed descriptor 1 with
/// `/dev/null`.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "a function pointer placed in .init_array, the only hook that runs before the \
              runtime reopens a closed standard output"
)]
#[used]
// SAFETY: `.init_array` holds pointers to functions taking the C ABI's (argc, argv, envp),
// which a function without parameters may ignore; `record_stdout_closed` touches no state of
// the Rust runtime beyond an atomic static and errno, so it may run before the runtime starts.
#[link_section = ".init_array"]
static RECORD_STDOUT_CLOSED: extern "C" fn() = record_stdout_closed;

/// Standard output: a handle of its own on descriptor 1 (so that no layer of `std` hides an
/// error), `None` if descriptor 1 was closed at start or could not be duplicated; and the records not yet
/// written.
#[derive(Debug)]
struct Sink {
    file: Option<File>,
    buf: Vec<u8>,
}

impl Sink {
    fn open() -> Sink {
        if STDOUT_CLOSED.load(Ordering::Relaxed) {
            return Sink {
                file: None,
                buf: Vec::new(),
            };
        }
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
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("standard output is closed"))
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
        let graceful = graceful().take();
        if let Some(live) = graceful {
            live.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            eprintln!(
                "\nddsolve: interrupted: ending with the statistics (Ctrl-C again to stop at once)"
            );
            return;
        }
        let mut out = shared().lock().unwrap_or_else(PoisonError::into_inner);
        let _ = out.flush();
        for path in temp_files().iter() {
            let _ = std::fs::remove_file(path);
        }
        eprintln!("\nddsolve: interrupted");
        std::process::exit(130);
    });
}

/// The run that Ctrl-C asks to end itself, if any.
fn graceful() -> MutexGuard<'static, Option<Arc<ddsolve_deal::Live>>> {
    static LIVE: Mutex<Option<Arc<ddsolve_deal::Live>>> = Mutex::new(None);
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// While `live` is set, the first Ctrl-C (or SIGTERM) sets its stop flag instead of ending
/// the process: a `ddsolve deal` run then ends with the statistics of the deals produced.
/// A second one ends the process as usual.
pub fn interrupt_gracefully(live: Option<Arc<ddsolve_deal::Live>>) {
    *graceful() = live;
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
