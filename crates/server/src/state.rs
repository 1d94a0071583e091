//! What every handler shares: the solver pool and the time limit, and [`AppState::solve`],
//! the one way a handler hands work to a solver thread and awaits it.

use crate::pool::{Full, SolverPool, WorkerSolver};
use crate::site::SitePolicy;
use crate::{ApiError, ServerConfig};
use axum::http::HeaderValue;
use std::sync::Arc;
use std::time::Duration;

/// The state of a server's handlers (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    pool: Arc<SolverPool>,
    timeout: Duration,
    tt_mb: usize,
    cors: Option<HeaderValue>,
    site: Arc<SitePolicy>,
}

impl AppState {
    /// Starts the solver threads of `config`.
    pub fn new(config: &ServerConfig) -> Result<AppState, crate::ServerError> {
        config.validate()?;
        let pool = SolverPool::new(config.threads, config.queue, config.solver_config())?;
        Ok(AppState {
            pool: Arc::new(pool),
            timeout: config.timeout,
            tt_mb: config.tt_mb,
            cors: config.cors.as_deref().and_then(crate::app::origin),
            site: Arc::new(SitePolicy::new(
                config.addr.ip(),
                &config.allow_hosts,
                config.cors.as_deref(),
            )),
        })
    }

    /// The solver pool.
    pub fn pool(&self) -> &SolverPool {
        &self.pool
    }

    /// The time limit of a request (`--timeout`).
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The table budget of a solver, in MB (`--tt-mb`).
    pub fn tt_mb(&self) -> usize {
        self.tt_mb
    }

    /// The origin allowed by `--cors`, if any.
    pub fn cors(&self) -> Option<&HeaderValue> {
        self.cors.as_ref()
    }

    /// The `Host` and `Origin` the server accepts.
    pub fn site(&self) -> &SitePolicy {
        &self.site
    }

    /// Runs `job` on a solver thread and awaits its answer: 503 at once if the queue is
    /// full, 504 if the answer is not there within the time limit (counted from now,
    /// waiting in the queue included), 500 if the job panicked. If the time runs out, or
    /// this future is dropped (the client left), the job is cancelled ([`crate::pool`]).
    pub async fn solve<R, F>(&self, job: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&mut WorkerSolver) -> Result<R, ApiError> + Send + 'static,
    {
        let mut ticket = self.pool.submit(job).map_err(|Full| {
            // A rough wait: the time for the threads to take some of the queue.
            ApiError::busy(self.pool.capacity(), 1)
        })?;
        match tokio::time::timeout(self.timeout, ticket.answer()).await {
            Err(_elapsed) => Err(ApiError::timeout(self.timeout.as_secs_f64())),
            Ok(Err(_closed)) => Err(ApiError::internal("the solver threads have stopped")),
            Ok(Ok(Err(panic))) => Err(ApiError::internal(format!(
                "internal error while solving (a bug, please report it): {panic}"
            ))),
            Ok(Ok(Ok(result))) => result,
        }
    }

    /// Stops the solver threads once their queue is empty.
    pub fn close(&self) {
        self.pool.close();
    }
}
