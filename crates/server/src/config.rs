//! The server's settings: where it listens, its solvers, its queue, its time limits, its
//! connections, and which sites may call it (CORS, `Host`).

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
    /// a time; idle ones help with a table while no request waits.
    pub threads: usize,
    /// Each solver's transposition table budget, in MB (default: the library's).
    pub tt_mb: usize,
    /// Requests that may wait for a solver thread (default: 4 per thread); a request beyond
    /// them is answered 503 at once.
    pub queue: usize,
    /// The time limit of a request, waiting in the queue included (default 30 s); past it,
    /// 504, and its solving stops at the next board (or the next table, search).
    pub timeout: Duration,
    /// The one origin allowed to call the API from another site's page (`--cors`); none by
    /// default (no CORS headers, and a POST from another origin is refused with 403).
    pub cors: Option<String>,
    /// Host names the server answers to besides its own address and, on loopback,
    /// `localhost` (`--allow-host`): a request with any other `Host` is refused with 403.
    pub allow_hosts: Vec<String>,
    /// The time a client has to send a request's headers (default 10 s); past it, the
    /// connection is closed.
    pub header_timeout: Duration,
    /// The time a client has to send a request's body once its headers are in (default
    /// 30 s); past it, 408 and the connection is closed.
    pub body_timeout: Duration,
    /// How long a connection may go without reading or writing a byte while no request of
    /// it is being worked on (default 30 s): an idle keep-alive connection, or a client
    /// that does not read its answer; past it, the connection is closed.
    pub idle_timeout: Duration,
    /// After SIGTERM or Ctrl-C, how long the requests in flight have to finish (default
    /// 10 s); then every connection left is dropped and [`crate::Server::run`] returns.
    pub shutdown_deadline: Duration,
    /// The most connections open at once (default: none, which means the process's limit
    /// of open files, raised to its hard limit where allowed, less a reserve). At the cap,
    /// the connection idle the longest is closed to make room for a new one.
    pub max_connections: Option<usize>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        let threads = ddsolve::exec::default_threads();
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            threads,
            tt_mb: ddsolve::DEFAULT_TT_MEMORY_MB,
            queue: 4 * threads,
            timeout: Duration::from_secs(30),
            cors: None,
            allow_hosts: Vec::new(),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(30),
            shutdown_deadline: Duration::from_secs(10),
            max_connections: None,
        }
    }
}

impl ServerConfig {
    /// Checks the settings: at least one thread, a queue of at least one, a table budget
    /// of at least 1 MB, time limits above zero, at least one connection, a CORS origin
    /// that is one origin (`scheme://host[:port]`, never `*`), and host names that are
    /// names.
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
        for (option, d) in [
            ("--timeout", self.timeout),
            ("--header-timeout", self.header_timeout),
            ("--body-timeout", self.body_timeout),
            ("--idle-timeout", self.idle_timeout),
        ] {
            if d.is_zero() {
                return Err(ServerError::Config(format!(
                    "{option} must be above 0 seconds"
                )));
            }
        }
        if self.max_connections == Some(0) {
            return bad("--max-connections must be at least 1");
        }
        if let Some(origin) = &self.cors {
            check_origin(origin)?;
        }
        for host in &self.allow_hosts {
            let ok = !host.is_empty()
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-.[]:_".contains(&b));
            if !ok {
                return Err(ServerError::Config(format!(
                    "--allow-host {host:?} is not a host name (e.g. bridge.example.org)"
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

/// `--cors`: one origin, `http://` or `https://`, a host and maybe a port, nothing else.
fn check_origin(origin: &str) -> Result<(), ServerError> {
    let bad = |why: &str| {
        Err(ServerError::Config(format!(
            "--cors {origin:?} is not one origin ({why}): give scheme, host and port of the \
             one site allowed, e.g. https://results.example.org"
        )))
    };
    if origin.trim() == "*" {
        return bad("`*` would let every web site make this server work");
    }
    let Some((scheme, rest)) = origin.split_once("://") else {
        return bad("no scheme");
    };
    if scheme != "http" && scheme != "https" {
        return bad("the scheme must be http or https");
    }
    if rest.is_empty()
        || rest.contains('/')
        || !rest
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.[]:_".contains(&b))
    {
        return bad("a host and port only, no path, no spaces, no `*`");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cors_takes_one_origin() {
        let with = |cors: &str| {
            ServerConfig {
                cors: Some(cors.to_string()),
                ..ServerConfig::default()
            }
            .validate()
        };
        assert!(with("https://results.example.org").is_ok());
        assert!(with("http://localhost:3000").is_ok());
        for bad in [
            "*",
            " * ",
            "results.example.org",
            "https://a.org/x",
            "ftp://a.org",
            "https://*.a.org",
        ] {
            let e = with(bad).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("--cors {bad:?} is not one origin")),
                "{e}"
            );
        }
        let e = with("*").unwrap_err().to_string();
        assert!(e.contains("`*` would let every web site"), "{e}");
    }
}
