//! The OpenAPI document against real responses: every answer of every route (successes
//! and errors) is validated against the schema the document gives for its path, method
//! and status, with the `jsonschema` crate (OpenAPI 3.1 schemas are JSON Schema 2020-12).

use crate::common::*;
use ddsolve_server::ServerConfig;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;

/// The answer to a POST of `length` bytes to `path`, over its limit: the request carries
/// its `Content-Length` and no body (see [`raw_request`]).
async fn too_large(server: &TestServer, path: &'static str, length: usize) -> Sample {
    let head = format!("Content-Type: application/json\r\nContent-Length: {length}\r\n");
    let (status, content_type, body) = raw_request(server, path, &head, &[]).await;
    Sample {
        path,
        method: "post",
        status,
        content_type,
        body: body.into_bytes(),
    }
}

/// A real answer: path, method, status, content type and body.
struct Sample {
    path: &'static str,
    method: &'static str,
    status: u16,
    content_type: String,
    body: Vec<u8>,
}

async fn sample(
    server: &TestServer,
    method: &'static str,
    path: &'static str,
    content_type: Option<&str>,
    body: Option<String>,
) -> Sample {
    let mut request = match method {
        "get" => client().get(server.url(path)),
        _ => client().post(server.url(path)),
    };
    if let Some(ct) = content_type {
        request = request.header("content-type", ct);
    }
    if let Some(body) = body {
        request = request.body(body);
    }
    let response = request.send().await.unwrap();
    Sample {
        path,
        method,
        status: response.status().as_u16(),
        content_type: response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default(),
        body: response.bytes().await.unwrap().to_vec(),
    }
}

async fn json_sample(server: &TestServer, path: &'static str, body: Value) -> Sample {
    sample(
        server,
        "post",
        path,
        Some("application/json"),
        Some(body.to_string()),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn every_response_matches_the_document() {
    let server = start(config()).await;
    let doc: Value = {
        let (status, doc) = get_json(&server, "/api/openapi.json").await;
        assert_eq!(status, 200);
        doc
    };
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    let file = pbn_file(61, 2) + "[Board \"3\"]\n[Deal \"N:AKQ\"]\n";
    let mut samples = vec![
        json_sample(&server, "/api/table", json!({ "deal": DEAL })).await,
        json_sample(&server, "/api/table", json!({ "deal": DEAL, "vulnerable": "Both", "dealer": "W" })).await,
        json_sample(&server, "/api/table", json!({ "deal": "N:AK" })).await,
        json_sample(&server, "/api/table", json!({})).await,
        sample(&server, "post", "/api/table", Some("text/plain"), Some("{}".into())).await,
        too_large(&server, "/api/table", 2 << 20).await,
        json_sample(&server, "/api/solve", json!({ "deal": DEAL, "trump": "NT", "leader": "E" })).await,
        json_sample(&server, "/api/solve", json!({ "deal": DEAL, "trump": "S", "leader": "E", "played": ["HJ", "H3", "H4", "H2", "C4"], "target": 6 })).await,
        json_sample(&server, "/api/solve", json!({ "deal": DEAL, "trump": "S", "leader": "E", "played": ["SA"] })).await,
        json_sample(&server, "/api/play", json!({ "deal": DEAL, "trump": "S", "declarer": "W", "played": ["CT", "C4", "CA", "CJ"] })).await,
        json_sample(&server, "/api/play", json!({ "deal": DEAL, "trump": "S", "played": [] })).await,
        json_sample(&server, "/api/lead", json!({ "hand": "W:KQJT.432.5432.32", "contract": "4SS", "samples": 4 })).await,
        json_sample(&server, "/api/lead", json!({ "hand": "W:KQJT.432.5432.32", "contract": "3NTxS", "vulnerable": "Both", "condition": "hcp(north) >= 12", "samples": 3, "seed": 9 })).await,
        json_sample(&server, "/api/lead", json!({ "hand": "W:KQJT.432.5432.32", "contract": "4SN" })).await,
        sample(&server, "post", "/api/annotate", None, Some(file.clone())).await,
        sample(&server, "post", "/api/annotate", None, Some("% nothing\n".into())).await,
        sample(&server, "post", "/api/boards", None, Some(file)).await,
        too_large(&server, "/api/boards", 11 << 20).await,
        sample(&server, "get", "/api/health", None, None).await,
        sample(&server, "get", "/api/openapi.json", None, None).await,
    ];
    server.stop().await.unwrap();
    // 503 and 504: one thread, a queue of one, a short time limit.
    let busy = start(ServerConfig {
        threads: 1,
        queue: 1,
        timeout: Duration::from_millis(500),
        ..config()
    })
    .await;
    samples.push(sample(&busy, "post", "/api/annotate", None, Some(pbn_file(62, 60))).await);
    // The one thread held: of four requests, one waits and times out, three are refused.
    let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
    let pool = busy.state.pool();
    // The annotation given up stops at its next board first.
    while pool.solving() != 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let held = pool
        .submit(move |_| {
            release_rx.recv().ok();
        })
        .unwrap();
    while pool.solving() != 1 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Four requests to each of two routes, one route at a time.
    let bodies: [(&'static str, Value); 2] = [
        (
            "/api/solve",
            json!({ "deal": DEAL, "trump": "NT", "leader": "E" }),
        ),
        (
            "/api/lead",
            json!({ "hand": "W:KQJT.432.5432.32", "contract": "4SS", "samples": 2 }),
        ),
    ];
    for (path, body) in bodies {
        while pool.in_flight() != 1 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let url = busy.url(path);
            let body = body.clone();
            tasks.push(tokio::spawn(async move {
                let r = client().post(url).json(&body).send().await.unwrap();
                (
                    r.status().as_u16(),
                    r.headers()["content-type"].to_str().unwrap().to_string(),
                    r.bytes().await.unwrap().to_vec(),
                )
            }));
        }
        for task in tasks {
            let (status, content_type, body) = task.await.unwrap();
            samples.push(Sample {
                path,
                method: "post",
                status,
                content_type,
                body,
            });
        }
    }
    release_tx.send(()).unwrap();
    drop(held);
    busy.stop().await.unwrap();

    let mut seen = BTreeSet::new();
    for s in &samples {
        let op = &doc["paths"][s.path][s.method];
        assert!(
            op.is_object(),
            "{} {} is not in the document",
            s.method,
            s.path
        );
        let response = &op["responses"][s.status.to_string()];
        assert!(
            response.is_object(),
            "{} {} answered {}, which the document does not list",
            s.method,
            s.path,
            s.status
        );
        seen.insert((s.path, s.method, s.status));
        let media = s.content_type.split(';').next().unwrap().trim();
        let content = &response["content"][media];
        assert!(
            content.is_object(),
            "{} {} {}: content type {media} is not documented",
            s.method,
            s.path,
            s.status
        );
        if media != "application/json" {
            continue;
        }
        let mut schema = content["schema"].clone();
        schema["components"] = doc["components"].clone();
        let validator = jsonschema::draft202012::new(&schema)
            .unwrap_or_else(|e| panic!("{} {}: bad schema: {e}", s.method, s.path));
        let instance: Value = serde_json::from_slice(&s.body).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&instance)
            .map(|e| format!("{e} at {}", e.instance_path))
            .collect();
        assert!(
            errors.is_empty(),
            "{} {} {}: {instance} does not match the document: {errors:?}",
            s.method,
            s.path,
            s.status
        );
    }
    // Every route of the document was answered, with success and with the errors listed.
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, _) in item.as_object().unwrap() {
            assert!(
                seen.iter()
                    .any(|(p, m, st)| p == path && m == method && *st == 200),
                "{method} {path} was never answered 200"
            );
        }
    }
    for wanted in [
        ("/api/table", "post", 400),
        ("/api/table", "post", 413),
        ("/api/table", "post", 415),
        ("/api/solve", "post", 400),
        ("/api/solve", "post", 503),
        ("/api/solve", "post", 504),
        ("/api/play", "post", 400),
        ("/api/lead", "post", 400),
        ("/api/lead", "post", 503),
        ("/api/lead", "post", 504),
        ("/api/annotate", "post", 400),
        ("/api/annotate", "post", 504),
        ("/api/boards", "post", 413),
    ] {
        assert!(seen.contains(&wanted), "no sample of {wanted:?}: {seen:?}");
    }
}

#[test]
fn the_schemas_reject_what_they_should() {
    // A check that cannot pass vacuously: a wrong table fails the document's schema.
    let doc: Value = serde_json::from_str(ddsolve_server::routes::openapi::OPENAPI_JSON).unwrap();
    let schema = json!({
        "$ref": "#/components/schemas/TableRecord",
        "components": doc["components"].clone(),
    });
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let strains = json!({ "S": 1, "H": 2, "D": 3, "C": 4, "NT": 5 });
    let good = json!({ "deal": DEAL, "table": { "N": strains, "E": strains, "S": strains, "W": strains } });
    assert!(validator.is_valid(&good));
    let mut bad = good.clone();
    bad["table"]["E"]["S"] = json!(14);
    assert!(!validator.is_valid(&bad));
    let mut extra = good.clone();
    extra["par"] = json!(null);
    assert!(!validator.is_valid(&extra));
}
