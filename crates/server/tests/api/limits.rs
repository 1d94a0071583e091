//! Many clients at once, the full queue, the time limit, and shutdown.

use crate::common::*;
use ddsolve::report::TableRecord;
use ddsolve::Solver;
use ddsolve_server::ServerConfig;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn many_clients_at_once_get_the_librarys_tables() {
    let server = start(ServerConfig {
        queue: 64,
        ..config()
    })
    .await;
    let all = deals(21, 24);
    let mut tasks = Vec::new();
    for d in all.clone() {
        let url = server.url("/api/table");
        tasks.push(tokio::spawn(async move {
            let response = client()
                .post(url)
                .json(&json!({ "deal": d.to_string() }))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
            response.json::<serde_json::Value>().await.unwrap()
        }));
    }
    let mut solver = Solver::new();
    for (task, d) in tasks.into_iter().zip(&all) {
        let got = task.await.unwrap();
        assert_eq!(got, json_of(&TableRecord::new(d, &solver.table(d))), "{d}");
    }
    wait_in_flight(&server, 0).await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_full_queue_answers_503_with_retry_after_and_recovers() {
    let server = start(ServerConfig {
        threads: 1,
        queue: 1,
        ..config()
    })
    .await;
    // Deterministic: a job that holds the one thread until released, and one that holds the
    // one place in the queue.
    let pool = server.state.pool();
    let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
    let held = pool
        .submit(move |_| {
            release_rx.recv().ok();
        })
        .unwrap();
    while pool.solving() != 1 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let queued = pool.submit(|_| ()).unwrap();
    assert_eq!((pool.waiting(), pool.in_flight()), (1, 2));
    // Twelve clients at once: all refused at once.
    let d = deals(32, 1)[0];
    let mut tasks = Vec::new();
    for _ in 0..12 {
        let url = server.url("/api/table");
        tasks.push(tokio::spawn(async move {
            let response = client()
                .post(url)
                .json(&json!({ "deal": d.to_string() }))
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let retry = response
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_string());
            let v: serde_json::Value = response.json().await.unwrap();
            (status, retry, v)
        }));
    }
    for task in tasks {
        let (status, retry, v) = task.await.unwrap();
        assert_eq!(status, 503, "{v}");
        assert_eq!(retry.as_deref(), Some("1"));
        let m = v["error"].as_str().unwrap();
        assert!(m.contains("queue of 1 requests is full"), "{m}");
    }
    release_tx.send(()).unwrap();
    let (held, queued) =
        tokio::task::spawn_blocking(move || (held.blocking_answer(), queued.blocking_answer()))
            .await
            .unwrap();
    assert_eq!((held, queued), (Some(Ok(())), Some(Ok(()))));
    wait_in_flight(&server, 0).await;
    let (status, health) = get_json(&server, "/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(health["queue"]["in_flight"], 0);
    let want = json_of(&TableRecord::new(&d, &Solver::new().table(&d)));
    let (status, v) = post_json(&server, "/api/table", &json!({ "deal": d.to_string() })).await;
    assert_eq!((status, v), (200, want));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_time_limit_answers_504_and_the_server_goes_on() {
    let server = start(ServerConfig {
        threads: 1,
        queue: 4,
        timeout: Duration::from_millis(300),
        ..config()
    })
    .await;
    let response = client()
        .post(server.url("/api/annotate"))
        .body(pbn_file(41, 60))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 504);
    let v: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        v["error"],
        "the request took longer than the server's time limit of 0.3 s"
    );
    // A request queued behind the slow job times out too, and is then dropped unsolved.
    let (status, _) = post_json(&server, "/api/table", &json!({ "deal": DEAL })).await;
    assert_eq!(status, 504);
    // The slow job stops at its next board; then the server answers in time again.
    wait_in_flight(&server, 0).await;
    wait_solving(&server, 0).await;
    let (status, health) = get_json(&server, "/api/health").await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    let ending = json!({ "deal": "N:A2... K3... Q4... J5...", "trump": "NT", "leader": "N" });
    let (status, v) = post_json(&server, "/api/solve", &ending).await;
    assert_eq!(status, 200, "{v}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn shutdown_finishes_the_requests_in_flight() {
    let mut server = start(ServerConfig {
        threads: 1,
        ..config()
    })
    .await;
    let file = pbn_file(51, 20);
    let want = ddsolve::annotate::annotate(file.as_bytes(), 1, Solver::new, |_, _| {})
        .unwrap()
        .bytes;
    let in_flight = {
        let url = server.url("/api/annotate");
        tokio::spawn(async move {
            let response = client().post(url).body(file).send().await.unwrap();
            (response.status(), response.bytes().await.unwrap())
        })
    };
    wait_in_flight(&server, 1).await;
    let stopped = server.begin_stop();
    // The request in flight completes, whole.
    let (status, bytes) = in_flight.await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(bytes, want);
    // The server ends, and takes no new connection.
    stopped.await.unwrap().unwrap();
    let refused = client().get(server.url("/api/health")).send().await;
    assert!(refused.is_err(), "a stopped server answered: {refused:?}");
}
