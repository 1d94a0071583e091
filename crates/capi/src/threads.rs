//! The one setting the library keeps: how many threads the batch functions and
//! `CalcDDtable` use (`SetMaxThreads`, `SetResources`), the helper threads lent to
//! `CalcDDtable` calls in progress, and `GetDDSInfo`, `SetThreading`, `FreeMemory`.

use crate::boundary::{guard_void, write_c_array};
use crate::ffi::*;
use crate::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Threads asked for (at most the cores); 0 means one per core.
static MAX_THREADS: AtomicUsize = AtomicUsize::new(0);

/// The threads the batch functions use now: the setting, or every core if it is 0; never
/// more than the cores, as DDS caps `SetMaxThreads`.
pub fn threads() -> usize {
    match MAX_THREADS.load(Ordering::Relaxed) {
        0 => default_threads(),
        n => n.min(default_threads()),
    }
}

/// The workers of a batch of `items` units: [`threads`], but never more than the units
/// (and at least 1).
pub fn workers(items: usize) -> usize {
    threads().min(items).max(1)
}

/// Helper threads lent out now to `CalcDDtable` calls in progress (beyond their calling
/// threads).
static LENT: AtomicUsize = AtomicUsize::new(0);

/// Helper threads lent to one call, given back when dropped.
#[derive(Debug)]
pub struct Helpers(usize);

impl Helpers {
    /// How many.
    pub fn count(&self) -> usize {
        self.0
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        LENT.fetch_sub(self.0, Ordering::Relaxed);
    }
}

/// Helper threads for one call of `units` tasks (a table's strains): up to
/// `min(threads(), units) - 1`, less those lent to calls in progress, so that calls made at
/// once from several threads share the setting's threads instead of each taking all of them
/// (none when the setting is 1 or all are lent).
pub fn lend_helpers(units: usize) -> Helpers {
    let most = workers(units).saturating_sub(1);
    let mut lent = LENT.load(Ordering::Relaxed);
    loop {
        let n = most.saturating_sub(lent);
        if n == 0 {
            return Helpers(0);
        }
        match LENT.compare_exchange_weak(lent, lent + n, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return Helpers(n),
            Err(now) => lent = now,
        }
    }
}

/// Whether `index` is a valid `threadIndex` of `SolveBoard`: 0 up to the thread count. The
/// solvers keep no state between calls, so any index in range may be used by any thread.
pub fn thread_index_ok(index: i32) -> bool {
    usize::try_from(index).is_ok_and(|i| i < threads())
}

fn set_threads(user_threads: i32) {
    let asked = usize::try_from(user_threads).unwrap_or(0);
    MAX_THREADS.store(asked.min(default_threads()), Ordering::Relaxed);
}

/// `SetMaxThreads`: the threads of the batch functions and of `CalcDDtable`; 0 (or less)
/// means every core, and more than the cores means the cores (as DDS caps it). A batch
/// never starts more workers than it has boards (or tables' strains), nor `CalcDDtable`
/// more threads than the five strains.
#[no_mangle]
pub extern "C" fn SetMaxThreads(user_threads: i32) {
    guard_void(|| set_threads(user_threads));
}

/// `SetResources`: as `SetMaxThreads(max_threads)`. The memory limit is not used: each
/// solver's table has a fixed budget of its own.
#[no_mangle]
pub extern "C" fn SetResources(max_memory_mb: i32, max_threads: i32) {
    let _ = max_memory_mb;
    guard_void(|| set_threads(max_threads));
}

/// `SetThreading`: DDS's choice of threading system. Only code 0 (the default) and 5 (STL
/// threads, which is what the library uses) exist here; other codes give
/// `RETURN_THREAD_MISSING`, as DDS gives for a system it was built without.
#[no_mangle]
pub extern "C" fn SetThreading(code: i32) -> i32 {
    if code == 0 || code == 5 {
        RETURN_NO_FAULT
    } else {
        RETURN_THREAD_MISSING
    }
}

/// `FreeMemory`: drops the calling thread's solver (the batch functions' solvers live only
/// as long as each call).
#[no_mangle]
pub extern "C" fn FreeMemory() {
    guard_void(crate::thread_solver::free_thread_solver);
}

/// `GetDDSInfo`: the API version (2.9.0), the system, and the threads; the system string
/// names ddsolve.
///
/// # Safety
/// `info` is null (nothing is written) or points to a writable `struct DDSInfo`.
#[no_mangle]
pub unsafe extern "C" fn GetDDSInfo(info: *mut DdsInfo) {
    guard_void(|| {
        // SAFETY: the caller passes null or a valid, writable, aligned DDSInfo.
        let Some(info) = (unsafe { info.as_mut() }) else {
            return;
        };
        let threads = threads();
        info.major = 2;
        info.minor = 9;
        info.patch = 0;
        write_c_array(&mut info.version_string, "2.9.0");
        info.system = if cfg!(target_os = "linux") {
            3
        } else if cfg!(target_os = "macos") {
            4
        } else if cfg!(windows) {
            1
        } else {
            0
        };
        info.num_bits = (8 * std::mem::size_of::<usize>()) as i32;
        info.compiler = 0;
        info.constructor = 0;
        info.num_cores = default_threads() as i32;
        info.threading = 5;
        info.no_of_threads = threads as i32;
        write_c_array(&mut info.thread_sizes, &"S".repeat(threads.min(127)));
        let text = format!(
            "ddsolve {} (a drop-in for DDS 2.9.0's API)\nThreads: {} ({} cores)\n",
            env!("CARGO_PKG_VERSION"),
            threads,
            default_threads()
        );
        write_c_array(&mut info.system_string, &text);
    });
}
