//! # ddsolve-server: the HTTP server of ddsolve
//!
//! A JSON API of the double-dummy solver and the web page that uses it, on axum and tokio:
//! `ddsolve serve` starts it (the command line only starts it; everything is here).
//!
//! - `POST /api/table`, `/api/solve`, `/api/play`: the JSON objects of the command line's
//!   `--format json` ([`ddsolve::report`]), one schema;
//! - `POST /api/annotate` (a PBN file in, the annotated file out) and `/api/boards` (the
//!   boards of a PBN file, for the page);
//! - `GET /api/health`, `GET /api/openapi.json` (the OpenAPI 3.1 document of all of it);
//! - `GET /`: the page, and `/static/...`, its files, embedded in the binary.
//!
//! Solving never runs on the async threads: each request that solves is a job for a fixed
//! pool of solver threads ([`pool`]), each owning a [`ddsolve::Solver`], behind a bounded
//! queue (full: 503 with `Retry-After`, at once), with a time limit per request (504). A
//! table's strains are shared with the threads that are idle when it starts, and only while
//! no other request waits ([`pool`]'s policy): one request at a time gets every core, many
//! get one thread each. A bad
//! request is a 4xx `{"error": "..."}` naming the problem. No request touches the file
//! system. A request given up (past its time limit, or its client gone) stops its solving
//! at the next step and leaves the queue at once ([`pool`]).
//!
//! The connections are served by the server's own accept loop on hyper ([`connections`]):
//! time limits for headers, bodies and idle connections, a cap on open connections under
//! the limit of open files, and a shutdown deadline. Requests are same-origin by default
//! ([`site`]): a `Host` that does not name the server, or a POST from another site's page,
//! is refused. Every answer is bounded: per-board errors are capped, with counts. SIGTERM
//! or Ctrl-C stops accepting connections, lets the requests in flight finish within the
//! shutdown deadline, drops the connections left, and [`serve`] returns.
//!
//! ```no_run
//! use ddsolve_server::{Server, ServerConfig};
//!
//! # async fn run() -> Result<(), ddsolve_server::ServerError> {
//! let config = ServerConfig { addr: "127.0.0.1:0".parse().unwrap(), ..ServerConfig::default() };
//! let server = Server::bind(&config).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run(ddsolve_server::shutdown_signal()).await
//! # }
//! ```

pub mod app;
pub mod body;
mod config;
pub mod connections;
mod error;
pub mod input;
mod json_text;
pub mod pool;
pub mod routes;
pub mod site;
mod state;

pub use app::router;
pub use config::ServerConfig;
pub use error::{ApiError, ServerError};
pub use json_text::JsonText;
pub use state::AppState;

use std::future::Future;
use std::net::SocketAddr;

/// A server bound to its address, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    addr: SocketAddr,
    state: AppState,
    limits: connections::ConnectionLimits,
}

impl Server {
    /// Starts the solver threads and binds `config.addr` (port 0: a free port).
    pub async fn bind(config: &ServerConfig) -> Result<Server, ServerError> {
        let state = AppState::new(config)?;
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|source| ServerError::Bind {
                addr: config.addr,
                source,
            })?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            addr,
            state,
            limits: connections::ConnectionLimits::new(config),
        })
    }

    /// The address it listens on (with the port chosen for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its handlers' state (the solver pool).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// The limits of its connections (the cap fitted under the file limit).
    pub fn limits(&self) -> &connections::ConnectionLimits {
        &self.limits
    }

    /// Serves until `shutdown` completes, then stops accepting connections, waits for the
    /// requests in flight at most the shutdown deadline (then drops the connections left,
    /// cancelling their requests), and stops the solver threads once their queue is empty.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let app = router(self.state.clone());
        let result = connections::serve(self.listener, app, self.limits, shutdown).await;
        self.state.close();
        result.map_err(ServerError::Io)
    }
}

/// Serves `config` until SIGTERM or Ctrl-C ([`shutdown_signal`]).
pub async fn serve(config: ServerConfig) -> Result<(), ServerError> {
    Server::bind(&config).await?.run(shutdown_signal()).await
}

/// [`serve`] on a runtime of its own, for a program without one (the command line):
/// `listening` is called with the address once it is bound, before serving.
pub fn serve_blocking(
    config: ServerConfig,
    listening: impl FnOnce(SocketAddr),
) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("ddsolve-http")
        .build()?;
    let result = runtime.block_on(async {
        let server = Server::bind(&config).await?;
        listening(server.local_addr());
        server.run(shutdown_signal()).await
    });
    // The connections dropped at the deadline end with the runtime, without waiting.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    result
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("Ctrl-C: finishing the requests in flight"),
        () = terminate => tracing::info!("SIGTERM: finishing the requests in flight"),
    }
}

/// Logs one line per request (method, path, status, latency) and the server's events to
/// stderr, through `tracing`. Does nothing if a subscriber is already set.
pub fn init_logging() {
    use std::io::IsTerminal;
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .try_init();
}
