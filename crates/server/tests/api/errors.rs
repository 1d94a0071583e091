//! Every bad request is a 4xx `{"error": "..."}` naming the problem, never a 5xx.

use crate::common::*;
use serde_json::json;

/// POSTs raw `body` with `content_type` to `path`: the status and the error message.
async fn post_raw(
    server: &TestServer,
    path: &str,
    content_type: Option<&str>,
    body: impl Into<reqwest::Body>,
) -> (u16, String) {
    let mut request = client().post(server.url(path)).body(body);
    if let Some(ct) = content_type {
        request = request.header("content-type", ct);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    assert_eq!(
        response.headers()["content-type"],
        "application/json",
        "{path} {status}"
    );
    let v: serde_json::Value = response.json().await.unwrap();
    let message = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{path}: no error message in {v}"))
        .to_string();
    assert_eq!(v.as_object().unwrap().len(), 1, "{v}");
    (status, message)
}

async fn post_error(server: &TestServer, path: &str, body: serde_json::Value) -> (u16, String) {
    post_raw(server, path, Some("application/json"), body.to_string()).await
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_requests_are_named() {
    let server = start(config()).await;
    let bad_deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ";
    let cases: Vec<(&str, serde_json::Value, u16, &str)> = vec![
        ("/api/table", json!({}), 400, "missing field `deal`"),
        ("/api/table", json!({"deal": 5}), 400, "invalid type"),
        (
            "/api/table",
            json!({"deal": DEAL, "vul": "NS"}),
            400,
            "unknown field `vul`",
        ),
        ("/api/table", json!({"deal": "N:AKQ"}), 400, "deal: "),
        ("/api/table", json!({"deal": bad_deal}), 400, "deal: "),
        (
            "/api/table",
            json!({"deal": "md|3SK5,SA,|"}),
            400,
            "deal: md|",
        ),
        (
            "/api/table",
            json!({"deal": DEAL, "vulnerable": "Some"}),
            400,
            "vulnerable: \"Some\"",
        ),
        (
            "/api/table",
            json!({"deal": DEAL, "vulnerable": "NS"}),
            400,
            "no dealer",
        ),
        (
            "/api/table",
            json!({"deal": DEAL, "dealer": "X", "vulnerable": "NS"}),
            400,
            "dealer: ",
        ),
        (
            "/api/table",
            json!({"deal": DEAL, "dealer": "N"}),
            400,
            "not vulnerable",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S"}),
            400,
            "missing field `leader`",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "X", "leader": "N"}),
            400,
            "trump: \"X\" is not a strain",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S", "leader": "Q"}),
            400,
            "leader: ",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S", "leader": "E", "played": ["HJ", "SA"]}),
            400,
            "played[1]: SA cannot be played",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S", "leader": "E", "played": ["HJ", "ZZ"]}),
            400,
            "played[1]: \"ZZ\" is not a card",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S", "leader": "E", "played": ["HJ", "H3", "HK"]}),
            400,
            "played[2]: HK cannot be played: W is to play and does not hold HK",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S", "leader": "E", "target": 14}),
            400,
            "target: target 14 is out of range",
        ),
        (
            "/api/solve",
            json!({"deal": DEAL, "trump": "S", "leader": "E", "target": 300}),
            400,
            "invalid value",
        ),
        (
            "/api/solve",
            json!({"deal": "N:A2... K3... Q4... J...", "trump": "S", "leader": "E"}),
            400,
            "deal: not a position to lead from",
        ),
        (
            "/api/solve",
            json!({"deal": "N:A... K... Q... J...", "trump": "S", "leader": "N", "played": ["SA", "SK", "SQ", "SJ"]}),
            400,
            "every card has been played",
        ),
        (
            "/api/play",
            json!({"deal": DEAL, "trump": "S", "played": []}),
            400,
            "give `declarer` or `leader`",
        ),
        (
            "/api/play",
            json!({"deal": DEAL, "trump": "S", "declarer": "W", "leader": "N", "played": []}),
            400,
            "not both",
        ),
        (
            "/api/play",
            json!({"deal": DEAL, "trump": "S", "leader": "N"}),
            400,
            "missing field `played`",
        ),
        (
            "/api/play",
            json!({"deal": DEAL, "trump": "S", "leader": "N", "played": ["CT", "C4", "D2"]}),
            400,
            "played[2]: D2 cannot be played",
        ),
        (
            "/api/play",
            json!({"deal": "N:A2... K3... Q4... J5...", "trump": "S", "leader": "N", "played": []}),
            200,
            "",
        ),
    ];
    for (path, body, want_status, want) in cases {
        if want_status == 200 {
            let (status, v) = post_json(&server, path, &body).await;
            assert_eq!(status, 200, "{path} {body}: {v}");
            continue;
        }
        let (status, message) = post_error(&server, path, body.clone()).await;
        assert_eq!(status, want_status, "{path} {body}: {message}");
        assert!(
            message.contains(want),
            "{path} {body}: {message:?} lacks {want:?}"
        );
    }
    // The library's own message for a malformed deal.
    let (_, message) = post_error(&server, "/api/table", json!({ "deal": bad_deal })).await;
    let library = bad_deal.parse::<ddsolve::Deal>().unwrap_err().to_string();
    assert_eq!(message, format!("deal: {library}"));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn not_json_wrong_type_wrong_route_wrong_method() {
    let server = start(config()).await;
    let (status, m) = post_raw(
        &server,
        "/api/table",
        Some("application/json"),
        "{\"deal\": ",
    )
    .await;
    assert_eq!(status, 400);
    assert!(m.starts_with("the body is not JSON"), "{m}");
    let (status, m) = post_raw(&server, "/api/table", Some("application/json"), "").await;
    assert_eq!(status, 400);
    assert!(m.starts_with("the body is not JSON"), "{m}");
    let (status, m) = post_raw(&server, "/api/solve", Some("text/plain"), "{}").await;
    assert_eq!(status, 415);
    assert!(
        m.contains("Content-Type: application/json") && m.contains("text/plain"),
        "{m}"
    );
    let (status, m) = post_raw(&server, "/api/play", None, "{}").await;
    assert_eq!(status, 415);
    assert!(m.contains("given: none"), "{m}");
    let (status, m) = post_raw(&server, "/api/annotate", Some("text/plain"), "").await;
    assert_eq!(status, 400);
    assert!(m.contains("the body is empty"), "{m}");
    let (status, m) = post_raw(&server, "/api/annotate", None, "% just a comment\n").await;
    assert_eq!(status, 400);
    assert!(m.contains("no board"), "{m}");
    let (status, m) = post_raw(&server, "/api/annotate", None, "[Board \"1\"\n").await;
    assert_eq!(status, 400);
    assert!(m.starts_with("not a PBN file: line 1"), "{m}");
    let (status, m) = post_raw(&server, "/api/boards", None, "[Event \"x\"]\n").await;
    assert_eq!(status, 400);
    assert!(m.contains("no board"), "{m}");
    let (status, m) = post_raw(&server, "/api/nothing", None, "").await;
    assert_eq!(status, 404);
    assert!(m.contains("/api/nothing"), "{m}");
    let response = client().get(server.url("/api/solve")).send().await.unwrap();
    assert_eq!(response.status(), 405);
    let v: serde_json::Value = response.json().await.unwrap();
    assert_eq!(v["error"], "GET is not allowed on /api/solve");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_over_the_limit_is_a_413() {
    let server = start(config()).await;
    let json_limit = "the request body is larger than this route's limit of 1 MB";
    let file_limit = "the request body is larger than this route's limit of 10 MB";
    // Refused by its Content-Length, before any byte of the body is read (the client sends
    // none: a client that sent it all at once could see its connection closed before it
    // reads the answer).
    for (path, length, want) in [
        ("/api/table", (1 << 20) + 1, json_limit),
        ("/api/solve", 5 << 20, json_limit),
        ("/api/annotate", (10 << 20) + 1, file_limit),
        ("/api/boards", 11 << 20, file_limit),
    ] {
        let head = format!("Content-Type: application/json\r\nContent-Length: {length}\r\n");
        let (status, _, text) = raw_request(&server, path, &head, &[]).await;
        assert_eq!(status, 413, "{path}: {text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["error"], want, "{path}");
    }
    // Without a Content-Length (chunked): refused as it is read, once past the limit.
    let mut chunked = Vec::new();
    for _ in 0..17 {
        chunked.extend_from_slice(format!("{:x}\r\n", 64 << 10).as_bytes());
        chunked.extend(std::iter::repeat_n(b' ', 64 << 10));
        chunked.extend_from_slice(b"\r\n");
    }
    let head = "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n";
    let (status, _, text) = raw_request(&server, "/api/table", head, &chunked).await;
    assert_eq!(status, 413, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["error"], json_limit);
    // Just under the limits, a body is read: 1 MB of JSON that is no request, 2 MB of a
    // file that is no PBN.
    let big = format!("{{\"deal\": \"{}\"}}", "x".repeat((1 << 20) - 20));
    let (status, m) = post_raw(&server, "/api/table", Some("application/json"), big).await;
    assert_eq!(status, 400, "{m}");
    let (status, m) = post_raw(&server, "/api/annotate", None, "{".repeat(2 << 20)).await;
    assert_eq!(status, 400, "{m}");
    // The server is fine after.
    let (status, _) = get_json(&server, "/api/health").await;
    assert_eq!(status, 200);
    server.stop().await.unwrap();
}
