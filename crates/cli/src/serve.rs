//! `ddsolve serve`: starts the HTTP server of `ddsolve-server` (the JSON API and the web
//! page) and says where it listens; everything else is that crate's.

use crate::error::CliError;
use crate::solver_args::SolverArgs;
use ddsolve_server::ServerConfig;
use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::Duration;

/// `ddsolve serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Serves the web page at / and the JSON API under /api (POST /api/table, /api/solve, /api/play,
/api/annotate, /api/boards; GET /api/health, /api/openapi.json), logging one line per request
on stderr. Ctrl-C or SIGTERM stops accepting connections, finishes the requests in flight
within --shutdown-deadline, drops the connections left and exits 0.

Same-origin by default: a Host that does not name the server (its address; localhost on
loopback; --allow-host names) and a POST from another site's page (an Origin other than the
server's own and the --cors one) get 403. docs/server.md lists every limit.

It listens on loopback only by default. To serve other machines, listen on every interface
(--addr 0.0.0.0:8080) behind a reverse proxy (nginx, Caddy) that adds TLS and its own limits.")]
pub struct ServeArgs {
    /// The address and port to listen on (port 0: any free port).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Solver threads, each with its own solver; idle ones help with a table while no
    /// request waits [default: every core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Requests that may wait for a solver thread; beyond them, 503 with Retry-After
    /// [default: 4 per thread].
    #[arg(long, value_name = "N")]
    pub queue: Option<NonZeroUsize>,
    /// The time limit of a request, waiting included; past it, 504 and its solving stops at
    /// the next board.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_seconds)]
    pub timeout: f64,
    /// Let pages of this one origin call the API (CORS), e.g. https://results.example.org
    /// (never `*`). Off by default.
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Option<String>,
    /// Also answer requests whose Host is NAME (a public name behind a proxy); repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// The time a client has to send a request's headers; past it, the connection closes.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    pub header_timeout: f64,
    /// The time a client has to send a request's body; past it, 408.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_seconds)]
    pub body_timeout: f64,
    /// How long a connection with no request being worked on may read and write nothing
    /// (idle keep-alive, or a client not reading its answer) before it is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_seconds)]
    pub idle_timeout: f64,
    /// After Ctrl-C or SIGTERM, how long the requests in flight have to finish before the
    /// connections left are dropped.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    pub shutdown_deadline: f64,
    /// The most connections open at once (at the cap, the one idle longest is closed)
    /// [default: the limit of open files, raised where allowed, less 64, at most 4096].
    #[arg(long, value_name = "N")]
    pub max_connections: Option<NonZeroUsize>,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: SolverArgs,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(x),
        _ => Err(format!(
            "{s:?} is not a time limit: give seconds, above 0 and at most 86400"
        )),
    }
}

/// Runs `ddsolve serve` until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<ExitCode, CliError> {
    let default = ServerConfig::default();
    let threads = args.threads.map_or(default.threads, NonZeroUsize::get);
    let config = ServerConfig {
        addr: args.addr,
        threads,
        tt_mb: args.solver.tt_mb.get(),
        queue: args.queue.map_or(4 * threads, NonZeroUsize::get),
        timeout: Duration::from_secs_f64(args.timeout),
        cors: args.cors.clone(),
        allow_hosts: args.allow_host.clone(),
        header_timeout: Duration::from_secs_f64(args.header_timeout),
        body_timeout: Duration::from_secs_f64(args.body_timeout),
        idle_timeout: Duration::from_secs_f64(args.idle_timeout),
        shutdown_deadline: Duration::from_secs_f64(args.shutdown_deadline),
        max_connections: args.max_connections.map(NonZeroUsize::get),
    };
    ddsolve_server::serve_blocking(config, |addr| {
        eprintln!("ddsolve: serving on http://{addr}/ (Ctrl-C to stop)");
    })
    .map_err(|e| CliError::input(e.to_string()))?;
    Ok(ExitCode::SUCCESS)
}
