//! The limits that keep clients from holding the server: timeouts, the connection cap,
//! shutdown's deadline, cancellation, same-origin requests, bounded answers, and JSON bodies
//! on HTTP-level errors.

use crate::common::*;
use ddsolve_server::ServerConfig;
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Connects to the server.
async fn connect(server: &TestServer) -> TcpStream {
    TcpStream::connect(server.base.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// Sends `request` as it is on a connection of its own and reads the whole answer (within
/// ten seconds).
async fn raw(server: &TestServer, request: &str) -> String {
    let mut stream = connect(server).await;
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("the server answers and closes")
        .ok();
    String::from_utf8_lossy(&answer).into_owned()
}

/// The status and the body of a raw answer.
fn status_and_body(answer: &str) -> (u16, &str) {
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    (status, answer.split_once("\r\n\r\n").map_or("", |(_, b)| b))
}

/// Waits until `what` holds of `/api/health`'s queue, at most `seconds`.
async fn wait_health(server: &TestServer, seconds: u64, what: impl Fn(&serde_json::Value) -> bool) {
    let start = Instant::now();
    loop {
        let (_, health) = get_json(server, "/api/health").await;
        if what(&health["queue"]) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(seconds),
            "never within {seconds} s: {health}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_trickling_its_headers_is_cut_off() {
    let server = start(ServerConfig {
        header_timeout: Duration::from_millis(300),
        ..config()
    })
    .await;
    let mut stream = connect(&server).await;
    let start = Instant::now();
    let mut closed = false;
    for b in b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
        if stream.write_all(&[*b]).await.is_err() {
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if !closed {
        let mut rest = Vec::new();
        let read =
            tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest)).await;
        assert!(read.is_ok(), "the connection is still open");
    }
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stalled_client_does_not_hold_shutdown_past_the_deadline() {
    let mut server = start(ServerConfig {
        shutdown_deadline: Duration::from_millis(500),
        ..config()
    })
    .await;
    // Half a request: its headers, then one byte of a body of a hundred, then nothing.
    let mut stalled = connect(&server).await;
    stalled
        .write_all(b"POST /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let mut idle = connect(&server).await;
    idle.write_all(b"GET /api/hea").await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    let stopped = server.begin_stop();
    stopped.await.unwrap().unwrap();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(3), "shutdown took {took:?}");
    // Both connections are closed.
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), stalled.read_to_end(&mut rest)).await;
    assert!(read.is_ok(), "the stalled connection is still open");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_504_frees_its_worker_and_its_place() {
    let server = start(ServerConfig {
        threads: 1,
        queue: 4,
        timeout: Duration::from_millis(300),
        ..config()
    })
    .await;
    // Hundreds of boards: minutes of work if it were not stopped.
    let response = client()
        .post(server.url("/api/annotate"))
        .body(pbn_file(61, 400))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 504);
    // Uncounted at once, and the thread stops at its next board.
    let (_, health) = get_json(&server, "/api/health").await;
    assert_eq!(health["queue"]["in_flight"], 0, "{health}");
    wait_health(&server, 5, |q| q["solving"] == 0).await;
    let ending = json!({ "deal": "N:A2... K3... Q4... J5...", "trump": "NT", "leader": "N" });
    let (status, v) = post_json(&server, "/api/solve", &ending).await;
    assert_eq!(status, 200, "{v}");
    // A client that hangs up frees its place too.
    let url = server.url("/api/annotate");
    let gone = tokio::spawn(async move { client().post(url).body(pbn_file(62, 400)).send().await });
    wait_health(&server, 5, |q| q["solving"] == 1).await;
    gone.abort();
    wait_health(&server, 5, |q| q["solving"] == 0 && q["in_flight"] == 0).await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cross_origin_post_is_refused() {
    let plain = start(config()).await;
    let with = start(ServerConfig {
        cors: Some("https://club.example".into()),
        ..config()
    })
    .await;
    let own = plain.base.clone();
    for (server, origin, want) in [
        (&plain, "https://evil.example", 403),
        (&plain, "null", 403),
        (&plain, own.as_str(), 200),
        (&with, "https://club.example", 200),
        (&with, "https://evil.example", 403),
    ] {
        // A simple request (text/plain, no preflight), as any page could send.
        let response = client()
            .post(server.url("/api/annotate"))
            .header("origin", origin)
            .header("content-type", "text/plain")
            .body(pbn_file(63, 1))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), want, "{origin}");
        if want == 403 {
            let v: serde_json::Value = response.json().await.unwrap();
            let m = v["error"].as_str().unwrap();
            assert!(
                m.contains(&format!("origin {origin:?} may not call")),
                "{m}"
            );
        }
    }
    plain.stop().await.unwrap();
    with.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_host_that_does_not_name_the_server_is_refused() {
    let plain = start(config()).await;
    let named = start(ServerConfig {
        allow_hosts: vec!["bridge.example".into()],
        ..config()
    })
    .await;
    let get = |host: &str| {
        format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
    };
    let answer = raw(&plain, &get("evil.example:8080")).await;
    let (status, body) = status_and_body(&answer);
    assert_eq!(status, 403, "{answer}");
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("--allow-host"), "{v}");
    assert_eq!(
        status_and_body(&raw(&plain, &get("localhost:1")).await).0,
        200
    );
    assert_eq!(
        status_and_body(&raw(&named, &get("bridge.example")).await).0,
        200
    );
    assert_eq!(
        status_and_body(&raw(&named, &get("evil.example")).await).0,
        403
    );
    plain.stop().await.unwrap();
    named.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_about_many_bad_boards_are_bounded() {
    let server = start(config()).await;
    // 20,000 boards, none readable: 340 KB in.
    let bad = "[Deal \"N:AKQ\"]\n\n".repeat(20_000);
    let response = client()
        .post(server.url("/api/boards"))
        .body(bad.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    assert!(text.len() < 40_000, "{} bytes", text.len());
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["boards"].as_array().unwrap().len(), 100);
    assert_eq!(
        (v["errors"].as_u64(), v["omitted"].as_u64()),
        (Some(20_000), Some(19_900))
    );
    // Annotate: no board can be read, a 400 as the command line's exit status 2.
    let (status, _, body) = raw_request(
        &server,
        "/api/annotate",
        &format!("Content-Length: {}\r\n", bad.len()),
        bad.as_bytes(),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("none of its 20000 boards can be read"),
        "{body}"
    );
    // A good board among them: the skipped ones counted, ten named.
    let mixed = format!("{}{bad}", pbn_file(64, 1));
    let response = client()
        .post(server.url("/api/annotate"))
        .body(mixed)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers();
    assert_eq!(headers["x-ddsolve-boards"], "1");
    assert_eq!(headers["x-ddsolve-skipped-count"], "20000");
    assert_eq!(headers.get_all("x-ddsolve-skipped").iter().count(), 10);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn health_answers_with_300_connections_open() {
    let server = start(ServerConfig {
        max_connections: Some(100),
        ..config()
    })
    .await;
    let mut open = Vec::new();
    for i in 0..300 {
        let mut stream = connect(&server).await;
        // Half-open: a request line begun, never finished; or nothing at all.
        if i % 2 == 0 {
            stream.write_all(b"GET /api/heal").await.unwrap();
        }
        open.push(stream);
    }
    let start = Instant::now();
    let (status, health) = get_json(&server, "/api/health").await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    drop(open);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn http_level_errors_have_a_json_body() {
    let server = start(ServerConfig {
        body_timeout: Duration::from_millis(300),
        ..config()
    })
    .await;
    // A body too slow: 408, JSON, and the connection is closed.
    let answer = raw(
        &server,
        "POST /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    .await;
    let (status, body) = status_and_body(&answer);
    assert_eq!(status, 408, "{answer}");
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        v["error"],
        "the request body did not arrive within the server's limit of 0.3 s"
    );
    // A body over the limit by its Content-Length: 413, JSON.
    let (status, content_type, body) =
        raw_request(&server, "/api/table", "Content-Length: 99999999\r\n", b"").await;
    assert_eq!(
        (status, content_type.as_str()),
        (413, "application/json"),
        "{body}"
    );
    // A request line hyper cannot read: 400 from hyper itself, whose body is empty (the
    // HTTP stack allows none there; docs/server.md says so).
    let answer = raw(&server, "GARBAGE\r\n\r\n").await;
    assert_eq!(status_and_body(&answer).0, 400, "{answer}");
    server.stop().await.unwrap();
}
