//! The connections: the accept loop, on hyper's HTTP/1 with axum's router as the service,
//! and the limits that keep a client from holding the server.
//!
//! - **Headers**: a request's headers must arrive within the header timeout (hyper's
//!   `header_read_timeout`, which also runs while a keep-alive connection waits for its next
//!   request); past it, the connection is closed.
//! - **Body**: a body must arrive within the body timeout once its headers are in (the
//!   [`BodyTimeout`] extension, enforced where bodies are read: [`crate::body`]); past it, 408.
//! - **Idle**: a connection whose requests are all answered (no handler running) and that
//!   reads and writes nothing for the idle timeout is closed: a keep-alive connection
//!   nobody uses, or a client that does not read its answer (which then no longer holds it).
//! - **How many**: at most `max_connections` at once, below the process's limit of open
//!   files (raised to its hard limit where allowed). At the cap, the connection idle the
//!   longest (no handler running) is closed to make room; if every one is busy, the next
//!   connection waits in the kernel's backlog until one ends.
//! - **Shutdown**: once the shutdown future completes, no connection is accepted, idle ones
//!   are closed, and those with a request in flight finish it; after the shutdown deadline,
//!   the connections left are dropped (their requests cancelled) and [`serve`] returns.

use crate::body::BodyTimeout;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore};
use tower::ServiceExt;

/// Open files kept for everything but connections (the listener, standard streams, the
/// runtime's own descriptors, logs).
const FILE_RESERVE: u64 = 64;

/// The cap of connections when none is given and the file limit is higher.
const DEFAULT_MAX_CONNECTIONS: usize = 4096;

/// The limits of the connections ([`crate::ServerConfig`]'s).
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    /// Time to send a request's headers.
    pub header: Duration,
    /// Time to send a request's body.
    pub body: Duration,
    /// Time a connection may stay silent with no request being worked on.
    pub idle: Duration,
    /// Time the requests in flight have to finish after the shutdown signal.
    pub shutdown_deadline: Duration,
    /// Connections open at once.
    pub max_connections: usize,
}

impl ConnectionLimits {
    /// The limits of `config`; the cap of connections is fitted under the file limit,
    /// which is raised first where allowed.
    pub fn new(config: &crate::ServerConfig) -> ConnectionLimits {
        let files = raise_file_limit();
        let fit = files.map_or(DEFAULT_MAX_CONNECTIONS, |n| {
            usize::try_from(n.saturating_sub(FILE_RESERVE).max(1)).unwrap_or(usize::MAX)
        });
        let max_connections = match config.max_connections {
            Some(n) if n > fit => {
                tracing::warn!(
                    "--max-connections {n} is above what the limit of open files allows: {fit}"
                );
                fit
            }
            Some(n) => n,
            None => fit.min(DEFAULT_MAX_CONNECTIONS),
        };
        ConnectionLimits {
            header: config.header_timeout,
            body: config.body_timeout,
            idle: config.idle_timeout,
            shutdown_deadline: config.shutdown_deadline,
            max_connections,
        }
    }
}

/// Raises the soft limit of open files to the hard one (if the hard one is unlimited, to a
/// million) and returns the soft limit then in force (`None`: unlimited or unknown).
#[cfg(unix)]
fn raise_file_limit() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    let target = limit.maximum.unwrap_or(1 << 20).min(1 << 20);
    if limit.current.is_some_and(|soft| soft < target) {
        let raised = Rlimit {
            current: Some(target),
            maximum: limit.maximum,
        };
        if let Err(e) = setrlimit(Resource::Nofile, raised) {
            tracing::debug!("cannot raise the limit of open files: {e}");
        }
    }
    getrlimit(Resource::Nofile).current
}

#[cfg(not(unix))]
fn raise_file_limit() -> Option<u64> {
    None
}

/// A connection as the accept loop and its watchdog see it.
#[derive(Debug)]
struct Conn {
    /// When it last read or wrote a byte, or a handler of it ended: milliseconds since the
    /// registry's epoch.
    last: AtomicU64,
    /// Its requests being worked on (handlers running).
    busy: AtomicUsize,
    /// Closes it.
    kill: Notify,
}

/// The open connections.
#[derive(Debug)]
struct Registry {
    epoch: Instant,
    next: AtomicU64,
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
}

impl Registry {
    fn new() -> Registry {
        Registry {
            epoch: Instant::now(),
            next: AtomicU64::new(0),
            conns: Mutex::new(HashMap::new()),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn touch(&self, conn: &Conn) {
        conn.last.store(self.now(), Ordering::Relaxed);
    }

    fn add(&self) -> (u64, Arc<Conn>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            last: AtomicU64::new(self.now()),
            busy: AtomicUsize::new(0),
            kill: Notify::new(),
        });
        self.lock().insert(id, Arc::clone(&conn));
        (id, conn)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Conn>>> {
        self.conns.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Closes the connection idle the longest, if one is idle.
    fn evict_idlest(&self) -> bool {
        let conns = self.lock();
        let idlest = conns
            .values()
            .filter(|c| c.busy.load(Ordering::SeqCst) == 0)
            .min_by_key(|c| c.last.load(Ordering::Relaxed));
        match idlest {
            Some(conn) => {
                conn.kill.notify_one();
                true
            }
            None => false,
        }
    }

    /// Closes every connection; returns how many there were.
    fn kill_all(&self) -> usize {
        let conns = self.lock();
        for conn in conns.values() {
            conn.kill.notify_one();
        }
        conns.len()
    }
}

/// Removes a connection from the registry when its task ends (and frees its place).
struct Registered {
    registry: Arc<Registry>,
    id: u64,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

impl Drop for Registered {
    fn drop(&mut self) {
        self.registry.lock().remove(&self.id);
    }
}

/// Counts a handler as running on its connection while it lives.
struct Busy {
    registry: Arc<Registry>,
    conn: Arc<Conn>,
}

impl Busy {
    fn new(registry: &Arc<Registry>, conn: &Arc<Conn>) -> Busy {
        conn.busy.fetch_add(1, Ordering::SeqCst);
        Busy {
            registry: Arc::clone(registry),
            conn: Arc::clone(conn),
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        // The idle time of a connection starts when its last handler ends.
        self.registry.touch(&self.conn);
        self.conn.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A TCP stream that notes the time of each byte it reads or writes.
struct Watched {
    stream: TcpStream,
    registry: Arc<Registry>,
    conn: Arc<Conn>,
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.registry.touch(&this.conn);
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            this.registry.touch(&this.conn);
        }
        polled
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            this.registry.touch(&this.conn);
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Completes once `conn` has had no handler running and no byte read or written for
/// `idle`.
async fn idle(registry: &Registry, conn: &Conn, idle: Duration) {
    let limit = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX).max(1);
    loop {
        let silent = registry
            .now()
            .saturating_sub(conn.last.load(Ordering::Relaxed));
        if silent >= limit && conn.busy.load(Ordering::SeqCst) == 0 {
            return;
        }
        let wait = if silent >= limit {
            limit
        } else {
            limit - silent
        };
        tokio::time::sleep(Duration::from_millis(wait.max(5))).await;
    }
}

/// Serves `router` on the connections of `listener` within `limits` until `shutdown`
/// completes, then as the module says.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let registry = Arc::new(Registry::new());
    let places = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header);
    tokio::pin!(shutdown);
    'accept: loop {
        // A place first, making one if need be.
        let permit = loop {
            if let Ok(permit) = Arc::clone(&places).try_acquire_owned() {
                break permit;
            }
            registry.evict_idlest();
            tokio::select! {
                permit = Arc::clone(&places).acquire_owned() => match permit {
                    Ok(permit) => break permit,
                    Err(_) => break 'accept,
                },
                () = tokio::time::sleep(Duration::from_millis(50)) => {}
                () = &mut shutdown => break 'accept,
            }
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break 'accept,
        };
        let stream = match accepted {
            Ok((stream, _peer)) => stream,
            Err(e) => {
                // Out of files or memory, or the peer gave up: go on after a pause.
                tracing::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (id, conn) = registry.add();
        let registered = Registered {
            registry: Arc::clone(&registry),
            id,
            _permit: permit,
        };
        let io = TokioIo::new(Watched {
            stream,
            registry: Arc::clone(&registry),
            conn: Arc::clone(&conn),
        });
        let service = {
            let (registry, conn, router) =
                (Arc::clone(&registry), Arc::clone(&conn), router.clone());
            let body = BodyTimeout(limits.body);
            hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                let busy = Busy::new(&registry, &conn);
                req.extensions_mut().insert(body);
                let router = router.clone();
                async move {
                    let response = router.oneshot(req).await;
                    drop(busy);
                    response
                }
            })
        };
        let connection = graceful.watch(builder.serve_connection(io, service));
        let idle_limit = limits.idle;
        tokio::spawn(async move {
            let registered = registered;
            tokio::select! {
                served = connection => {
                    if let Err(e) = served {
                        tracing::debug!("connection closed: {e}");
                    }
                }
                () = conn.kill.notified() => tracing::debug!("connection closed to make room"),
                () = idle(&registered.registry, &conn, idle_limit) => {
                    tracing::debug!("connection closed: idle");
                }
            }
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_deadline) => {
            let n = registry.kill_all();
            tracing::warn!(
                "the shutdown deadline of {:?} is past: {n} connection(s) dropped",
                limits.shutdown_deadline
            );
        }
    }
    Ok(())
}
