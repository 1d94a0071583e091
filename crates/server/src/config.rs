//! The server's settings: where it listens, its solvers, its queue, its time limit, CORS.

use crate::ServerError;
use std::net::SocketAddr;
use std::time::Duration;

/// How a server is set up. [`ServerConfig::default`] is `ddsolve serve` without options.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (default `127.0.0.1:8080`, loopback only; port 0 picks a
    /// free port, which [`crate::Server::local_addr`] tells).
    pub addr: SocketAddr,
    /// Solver threads (default: one per core). Each owns a solver and takes one request at
    /// a time; idle ones help with a table's strains while no request waits.
    pub threads: usize,
    /// Each solver's transposition table budget, in MB (default: the library's).
    pub tt_mb: usize,
    /// Requests that may wait for a solver thread (default: 4 per thread); a request beyond
    /// them is answered 503 at once.
    pub queue: usize,
    /// The time limit of a request, waiting in the queue included (default 30 s); past it,
    /// 504 (the solver may still finish the job, in the background).
    pub timeout: Duration,
    /// The one origin allowed to call the API from another site's page (`--cors`); none by
    /// default (no CORS headers: only same-origin pages may read the answers).
    pub cors: Option<String>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        let threads = ddsolve::search::pool::default_threads();
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            threads,
            tt_mb: ddsolve::DEFAULT_TT_MEMORY_MB,
            queue: 4 * threads,
            timeout: Duration::from_secs(30),
            cors: None,
        }
    }
}

impl ServerConfig {
    /// Checks the settings: at least one thread, a queue of at least one, a table budget
    /// of at least 1 MB, a time limit above zero, and a CORS origin that is a valid header.
    pub fn validate(&self) -> Result<(), ServerError> {
        let bad = |m: &str| Err(ServerError::Config(m.to_string()));
        if self.threads == 0 {
            return bad("--threads must be at least 1");
        }
        if self.queue == 0 {
            return bad("--queue must be at least 1");
        }
        if self.tt_mb == 0 {
            return bad("--tt-mb must be at least 1");
        }
        if self.timeout.is_zero() {
            return bad("--timeout must be above 0 seconds");
        }
        if let Some(origin) = &self.cors {
            if axum::http::HeaderValue::from_str(origin).is_err() || origin.trim().is_empty() {
                return Err(ServerError::Config(format!(
                    "--cors {origin:?} is not an origin (e.g. https://results.example.org)"
                )));
            }
        }
        Ok(())
    }

    /// The solvers' configuration: the library's default with this table budget.
    pub fn solver_config(&self) -> ddsolve::SolverBuilder {
        ddsolve::SolverBuilder::new().tt_memory_mb(self.tt_mb)
    }
}
