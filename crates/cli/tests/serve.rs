//! `ddsolve serve`: it says where it listens, answers, and on SIGTERM or Ctrl-C (SIGINT)
//! stops and exits 0. (The server itself is tested in `crates/server/tests`.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// GET `path` over a raw connection: the whole answer.
fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

fn serve_and_stop(signal: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--threads",
            "1",
            "--tt-mb",
            "8",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddsolve serve starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    let health = get(&addr, "/api/health");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains("\"status\":\"ok\""), "{health}");
    let status = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let start = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("ddsolve serve did not stop on {signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        exit.success(),
        "ddsolve serve exited with {exit} on {signal}"
    );
    // It logged the request.
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(
        rest.contains("GET") && rest.contains("/api/health") && rest.contains("status=200"),
        "{rest}"
    );
    assert!(TcpStream::connect(&addr).is_err(), "still listening");
}

#[test]
fn sigterm_stops_the_server_with_status_0() {
    serve_and_stop("TERM");
}

#[test]
fn ctrl_c_stops_the_server_with_status_0() {
    serve_and_stop("INT");
}

#[test]
fn a_bad_option_is_named() {
    let out = Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(["serve", "--timeout", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--timeout"));
}
