//! Output files written as editors write them: whole or not at all, the file's mode, owner
//! and links kept, special files written into.
//!
//! [`OutputFile::create`] looks at the path before any work is done (so a folder that cannot
//! be written is an error before minutes of solving) and [`OutputFile::commit`] writes the
//! bytes:
//!
//! - a path that is a symbolic link is followed to its end: the file it points to is replaced
//!   and the link stays a link;
//! - `/dev/stdout` and `/dev/stderr` (and `/dev/fd/1`, `/proc/self/fd/1`...) are written
//!   through the process's own descriptor 1 or 2, so what the shell set up holds: `-o
//!   /dev/stdout >> log` appends, `> log` writes from where the descriptor stands;
//! - another path into `/proc` (`/proc/self/fd/3`) is written as a stream, in append mode if
//!   it leads to a regular file (it cannot be renamed over);
//! - a file that is not a regular file (a FIFO, a device such as `/dev/null`, a terminal, a
//!   socket) is opened and written into as a stream, with no temporary file and no rename;
//! - a regular file, wherever it is (`/dev/shm` included), is written whole to a temporary
//!   file beside it (`.ddsolve-PID-XXXXXX.tmp`), given the old file's mode (and owner, where
//!   the process may set it: a failure to is a warning on stderr), synced, and renamed over
//!   it, so a failure or Ctrl-C never leaves half a file and no stale byte stays; a new file
//!   gets the mode the umask gives (0666 masked, as any editor's new file);
//! - an existing regular file without write permission (no write bit, or one the process may
//!   not open for writing) is refused with a message unless `force` is given, as editors
//!   ask before replacing a read-only file;
//! - a temporary file left by a process that died without cleaning up (SIGKILL, a power cut)
//!   is removed by the next run that writes into the same folder: the name carries the
//!   process's id, and a file whose process no longer exists (`/proc/PID` is gone) is stale.
//!   (An unnamed `O_TMPFILE` file cannot be given a name without a C call, so this module
//!   cleans up by name instead.) Ctrl-C and SIGTERM remove the temporary file at once
//!   ([`crate::output::TempGuard`]).
//!
//! Every write error (a full disk, a folder that is not writable) is returned with the path.

use crate::error::CliError;
use crate::output::TempGuard;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// How many symbolic links a path may go through (as the kernel's limit).
const MAX_LINKS: usize = 40;

/// An output file being written; see the module documentation.
#[derive(Debug)]
pub struct OutputFile {
    /// The path as the user gave it, for messages.
    name: String,
    /// Where the bytes go.
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// A regular file (or a new one): a temporary file beside it, renamed over it.
    Replace {
        target: PathBuf,
        temp: PathBuf,
        file: Option<File>,
        _guard: TempGuard,
    },
    /// Anything else: written into directly, as a stream (appending if `append`).
    Direct { target: PathBuf, append: bool },
    /// The process's standard output (1) or error (2).
    Descriptor(u8),
}

/// The descriptor a path into `/dev` or `/proc` names, if it is the process's standard
/// output or error: `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, `/proc/<our pid>/fd/1`
/// (and 2).
fn standard_descriptor(target: &Path) -> Option<u8> {
    let text = target.to_str()?;
    match text {
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let pid = std::process::id().to_string();
    let fd = text
        .strip_prefix("/dev/fd/")
        .or_else(|| text.strip_prefix("/proc/self/fd/"))
        .or_else(|| text.strip_prefix("/proc/thread-self/fd/"))
        .or_else(|| {
            text.strip_prefix("/proc/")
                .and_then(|t| t.strip_prefix(pid.as_str()))
                .and_then(|t| t.strip_prefix("/fd/"))
        })?;
    match fd {
        "1" => Some(1),
        "2" => Some(2),
        _ => None,
    }
}

impl OutputFile {
    /// Prepares to write `path`: follows its links, and for a regular file (or a new one)
    /// creates the temporary file beside it, after removing the stale ones of dead processes.
    /// An existing regular file without write permission is an error unless `force`.
    pub fn create(path: &Path, force: bool) -> Result<OutputFile, CliError> {
        let name = path.display().to_string();
        let fail = |e: std::io::Error| CliError::input(format!("cannot write {name}: {e}"));
        let target = resolve_links(path).map_err(fail)?;
        if let Some(fd) = standard_descriptor(&target) {
            return Ok(OutputFile {
                name,
                kind: Kind::Descriptor(fd),
            });
        }
        let meta = std::fs::metadata(&target).ok();
        if meta.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(CliError::input(format!(
                "cannot write {name}: it is a directory"
            )));
        }
        let in_proc = target.starts_with("/proc");
        if in_proc || meta.as_ref().is_some_and(|m| !m.is_file()) {
            return Ok(OutputFile {
                name,
                kind: Kind::Direct {
                    target,
                    append: meta.as_ref().is_some_and(|m| m.is_file()),
                },
            });
        }
        if let (Some(m), false) = (&meta, force) {
            let no_write_bit = m.permissions().mode() & 0o222 == 0;
            let denied = OpenOptions::new()
                .write(true)
                .open(&target)
                .is_err_and(|e| e.kind() == std::io::ErrorKind::PermissionDenied);
            if no_write_bit || denied {
                return Err(CliError::input(format!(
                    "{name} is read-only (no write permission): not replaced; \
                     --force replaces it anyway"
                )));
            }
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        remove_stale_temporaries(&dir);
        // The old file's mode, or 0666 for the umask to mask (as for any new file).
        let mode = meta
            .as_ref()
            .map_or(0o666, |m| m.permissions().mode() & 0o7777);
        let (temp, file) = create_temporary(&dir, mode).map_err(fail)?;
        let guard = TempGuard::new(&temp);
        if let Some(m) = &meta {
            // Creation masked the mode with the umask: the old file's mode, exactly.
            let _ = file.set_permissions(std::fs::Permissions::from_mode(mode));
            // The owner where the process may set it (root, or a group it belongs to); else
            // the new file is the process's, which the user should know.
            if let Err(e) = std::os::unix::fs::fchown(&file, Some(m.uid()), Some(m.gid())) {
                eprintln!(
                    "ddsolve: warning: {name}: cannot keep its owner {}:{} ({e}); \
                     the new file belongs to this process's user",
                    m.uid(),
                    m.gid()
                );
            }
            let _ = file.set_permissions(std::fs::Permissions::from_mode(mode));
        }
        Ok(OutputFile {
            name,
            kind: Kind::Replace {
                target,
                temp,
                file: Some(file),
                _guard: guard,
            },
        })
    }

    /// Writes `bytes` as the whole file: into the temporary file, synced, renamed over the
    /// target; or straight into a special file.
    pub fn commit(mut self, bytes: &[u8]) -> Result<(), CliError> {
        let name = self.name.clone();
        let fail = |e: std::io::Error| CliError::input(format!("cannot write {name}: {e}"));
        match &mut self.kind {
            Kind::Descriptor(fd) => {
                let mut out: Box<dyn Write> = if *fd == 1 {
                    Box::new(std::io::stdout().lock())
                } else {
                    Box::new(std::io::stderr().lock())
                };
                out.write_all(bytes).map_err(fail)?;
                out.flush().map_err(fail)?;
                Ok(())
            }
            Kind::Direct { target, append } => {
                let mut f = OpenOptions::new()
                    .write(!*append)
                    .append(*append)
                    .open(&*target)
                    .map_err(fail)?;
                f.write_all(bytes).map_err(fail)?;
                f.flush().map_err(fail)?;
                Ok(())
            }
            Kind::Replace {
                target, temp, file, ..
            } => {
                let mut f = file.take().expect("committed once");
                f.write_all(bytes).map_err(fail)?;
                f.sync_all().map_err(fail)?;
                drop(f);
                std::fs::rename(&*temp, &*target).map_err(fail)?;
                // The rename done, there is no temporary file left to remove.
                temp.clear();
                if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
                    // Best effort: the rename itself made durable.
                    let _ = File::open(dir).and_then(|d| d.sync_all());
                }
                Ok(())
            }
        }
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Kind::Replace { temp, .. } = &self.kind {
            if !temp.as_os_str().is_empty() {
                let _ = std::fs::remove_file(temp);
            }
        }
    }
}

/// `path` with every symbolic link followed to its end (the end need not exist: a dangling
/// link names the file to create). Links into `/proc` (`/dev/stdout` -> `/proc/self/fd/1`)
/// stop there: the rest is the kernel's.
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if p.starts_with("/proc") {
            return Ok(p);
        }
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links"
    )))
}

/// The prefix of this module's temporary files, before the process id.
const PREFIX: &str = ".ddsolve-";
/// Their suffix.
const SUFFIX: &str = ".tmp";

/// A new file `.ddsolve-PID-XXXXXX.tmp` in `dir`, created with `mode` (masked by the umask).
fn create_temporary(dir: &Path, mode: u32) -> std::io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut last = None;
    for attempt in 0u32..100 {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let tag = nanos.wrapping_mul(2_654_435_761).wrapping_add(attempt) & 0xff_ffff;
        let path = dir.join(format!("{PREFIX}{pid}-{tag:06x}{SUFFIX}"));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&path)
        {
            Ok(f) => return Ok((path, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Removes the temporary files of this module in `dir` whose process is gone. Only where
/// `/proc` tells which processes live; errors are ignored (another run may be at it too).
fn remove_stale_temporaries(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .filter(|n| n.ends_with(SUFFIX))
            .and_then(|n| n.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_followed_relative_to_their_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::create_dir(d.join("a")).unwrap();
        std::os::unix::fs::symlink("a/b", d.join("l1")).unwrap();
        std::os::unix::fs::symlink("../l1", d.join("a/l2")).unwrap();
        assert_eq!(resolve_links(&d.join("a/l2")).unwrap(), d.join("a/../a/b"));
        std::os::unix::fs::symlink("loop", d.join("loop")).unwrap();
        assert!(resolve_links(&d.join("loop")).is_err());
    }
}
