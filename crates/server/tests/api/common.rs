//! A server for a test, and what the tests share.

use ddsolve::cards::DealRng;
use ddsolve::Deal;
use ddsolve_server::{AppState, Server, ServerConfig, ServerError};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The README's deal.
pub const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

/// A running server.
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// Its handlers' state (the solver pool).
    pub state: AppState,
    shutdown: Option<oneshot::Sender<()>>,
    handle: JoinHandle<Result<(), ServerError>>,
}

impl TestServer {
    /// The URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Asks it to shut down and waits for it.
    pub async fn stop(mut self) -> Result<(), ServerError> {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        self.handle.await.expect("the server task ends")
    }

    /// Asks it to shut down without waiting; the handle tells when it has.
    pub fn begin_stop(&mut self) -> JoinHandle<Result<(), ServerError>> {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        std::mem::replace(&mut self.handle, tokio::spawn(async { Ok(()) }))
    }
}

/// A small configuration: 2 threads, 16 MB tables, a queue of 8, a minute per request.
pub fn config() -> ServerConfig {
    ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        threads: 2,
        tt_mb: 16,
        queue: 8,
        timeout: Duration::from_secs(120),
        max_connections: Some(512),
        shutdown_deadline: Duration::from_secs(300),
        ..ServerConfig::default()
    }
}

/// Starts a server with `config` on a free port.
pub async fn start(config: ServerConfig) -> TestServer {
    let server = Server::bind(&config).await.expect("the server starts");
    let base = format!("http://{}", server.local_addr());
    let state = server.state().clone();
    let (tx, rx) = oneshot::channel::<()>();
    let handle = tokio::spawn(server.run(async {
        let _ = rx.await;
    }));
    TestServer {
        base,
        state,
        shutdown: Some(tx),
        handle,
    }
}

/// An HTTP client.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(600))
        .build()
        .unwrap()
}

/// `count` random deals.
pub fn deals(seed: u64, count: usize) -> Vec<Deal> {
    let mut rng = DealRng::new(seed);
    (0..count).map(|_| rng.deal()).collect()
}

/// A PBN file of `count` random boards (numbered from 1, dealer and vulnerability by
/// the cycle).
pub fn pbn_file(seed: u64, count: usize) -> String {
    deals(seed, count)
        .iter()
        .enumerate()
        .map(|(i, d)| format!("[Board \"{}\"]\n[Deal \"{d}\"]\n\n", i + 1))
        .collect()
}

/// POSTs `body` as JSON to `path`: the status and the JSON answer.
pub async fn post_json(
    server: &TestServer,
    path: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    let response = client()
        .post(server.url(path))
        .json(body)
        .send()
        .await
        .expect("the request is answered");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{path} answered {status} with non-JSON {text:?}: {e}"));
    (status, value)
}

/// GETs `path`: the status and the JSON answer.
pub async fn get_json(server: &TestServer, path: &str) -> (u16, serde_json::Value) {
    let response = client().get(server.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// Waits until the pool has `n` requests in flight (or fails after a minute).
pub async fn wait_in_flight(server: &TestServer, n: usize) {
    for _ in 0..6000 {
        if server.state.pool().in_flight() == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "the pool never had {n} requests in flight (it has {})",
        server.state.pool().in_flight()
    );
}

/// Waits until no solver thread works on a request (or fails after a minute).
pub async fn wait_solving(server: &TestServer, n: usize) {
    for _ in 0..6000 {
        if server.state.pool().solving() == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the pool never had {n} threads solving");
}

/// A value as the library's record serializes it.
pub fn json_of(record: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(record).unwrap()
}

/// Sends a POST to `path` with the header lines `head` and the raw bytes `body` (no more)
/// over a connection of its own, and reads the answer: its status, content type and body.
///
/// For a body over a route's limit, send its `Content-Length` and no body: the server
/// refuses it by that header, and a client still writing the body could see its connection
/// closed before it reads the answer.
pub async fn raw_request(
    server: &TestServer,
    path: &str,
    head: &str,
    body: &[u8],
) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = server.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut request =
        format!("POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{head}\r\n")
            .into_bytes();
    request.extend_from_slice(body);
    stream.write_all(&request).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"));
    let content_type = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-type")
                .then(|| value.trim().to_string())
        })
        .unwrap_or_default();
    (status, content_type, body.to_string())
}
