//! `POST /api/lead`: the library's lead analysis (the command line's JSON object), its
//! condition, its field errors, and its time limit.

use crate::common::*;
use ddsolve_lead::condition::{parse_condition, with_filter};
use ddsolve_lead::{
    analyse_leads, parse_contract, parse_seat_hand, Deals, LeadProblem, RunOptions,
};
use ddsolve_server::routes::lead::MAX_SAMPLES;
use ddsolve_server::ServerConfig;
use serde_json::{json, Value};
use std::time::Duration;

const HAND: &str = "W:KQJT.432.5432.32";

/// The library's analysis of `HAND` against `contract`, as the command line's object.
fn librarys(
    contract: &str,
    vulnerable: bool,
    condition: Option<&str>,
    samples: u64,
    seed: u64,
) -> Value {
    let (_, hand) = parse_seat_hand(HAND).unwrap();
    let contract = parse_contract(contract).unwrap();
    let problem = LeadProblem {
        hand,
        contract,
        vulnerable,
    };
    let script = condition.map(|c| parse_condition(c).unwrap());
    let options = RunOptions {
        threads: 1,
        ..RunOptions::default()
    };
    let analysis = with_filter(script.as_ref(), |filter| {
        let deals = Deals::Sampled {
            count: samples,
            seed,
            filter,
            max_tries: 10_000_000,
        };
        analyse_leads(&problem, deals, &options, &mut |_| {}).unwrap()
    });
    let record = json!({
        "samples": analysis.samples.len(),
        "tried": analysis.tried,
        "leads": analysis.stats,
    });
    // Through text as the answer comes (serde_json reads floats to within a unit in the
    // last place: the same text gives the same numbers).
    serde_json::from_str(&record.to_string()).unwrap()
}

/// The fields of an answer that do not depend on the search (all but `nodes`).
fn without_nodes(v: &Value) -> Value {
    json!({ "samples": v["samples"], "tried": v["tried"], "leads": v["leads"] })
}

#[tokio::test(flavor = "multi_thread")]
async fn lead_is_the_librarys_analysis() {
    let server = start(config()).await;
    let body = json!({ "hand": HAND, "contract": "4SS", "samples": 12, "seed": 5 });
    let (status, v) = post_json(&server, "/api/lead", &body).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["problem"],
        "4S by S, not vulnerable; W leads from KQJT.432.5432.32"
    );
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert_eq!(without_nodes(&v), librarys("4SS", false, None, 12, 5));
    // The fields in the command line's order.
    let text = client()
        .post(server.url("/api/lead"))
        .json(&body)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let at: Vec<usize> = ["problem", "samples", "tried", "nodes", "leads"]
        .iter()
        .map(|k| text.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]) && at[0] == 1, "{text}");
    assert_eq!(v.as_object().unwrap().len(), 5);
    let cards: usize = v["leads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["cards"].as_array().unwrap().len())
        .sum();
    assert_eq!(cards, 13);
    // A condition, vulnerable, the default seed.
    let condition = "hcp(north) + hcp(south) >= 25";
    let body = json!({ "hand": HAND, "contract": "3NTS", "vulnerable": "NS", "condition": condition, "samples": 6 });
    let (status, v) = post_json(&server, "/api/lead", &body).await;
    assert_eq!(status, 200, "{v}");
    assert!(v["problem"]
        .as_str()
        .unwrap()
        .starts_with("3NT by S, vulnerable;"));
    assert_eq!(
        without_nodes(&v),
        librarys("3NTS", true, Some(condition), 6, 1)
    );
    assert!(v["tried"].as_u64().unwrap() > 6);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn lead_errors_name_the_field() {
    let server = start(config()).await;
    let too_many = MAX_SAMPLES + 1;
    let cases: Vec<(Value, &str)> = vec![
        (json!({ "contract": "4SS" }), "missing field `hand`"),
        (json!({ "hand": HAND }), "missing field `contract`"),
        (
            json!({ "hand": HAND, "contract": "4SS", "samples": -1 }),
            "invalid value",
        ),
        (
            json!({ "hand": HAND, "contract": "4SS", "sample": 5 }),
            "unknown field `sample`",
        ),
        (
            json!({ "hand": "KQJT.432.5432.32", "contract": "4SS" }),
            "hand: ",
        ),
        (
            json!({ "hand": "W:KQJT.432.5432.3", "contract": "4SS" }),
            "hand: the leader's hand holds 12 cards",
        ),
        (
            json!({ "hand": "N:KQJT.432.5432.32", "contract": "4SS" }),
            "hand: the hand is N's, but against 4S by S W leads",
        ),
        (json!({ "hand": HAND, "contract": "8SS" }), "contract: "),
        (
            json!({ "hand": HAND, "contract": "4SS", "vulnerable": "red" }),
            "vulnerable: ",
        ),
        (
            json!({ "hand": HAND, "contract": "4SS", "samples": 0 }),
            "samples: 0 is out of range",
        ),
        (
            json!({ "hand": HAND, "contract": "4SS", "samples": too_many }),
            "samples: 1001 is out of range: ask for 1 to 1000",
        ),
        (
            json!({ "hand": HAND, "contract": "4SS", "condition": "hcp(north) >=" }),
            "condition: 1:",
        ),
        (
            json!({ "hand": HAND, "contract": "4SS", "condition": "spades(north) >= 10", "samples": 1 }),
            "condition: ",
        ),
    ];
    for (body, want) in cases {
        let response = client()
            .post(server.url("/api/lead"))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let v: Value = response.json().await.unwrap();
        assert_eq!(status, 400, "{body}: {v}");
        let message = v["error"].as_str().unwrap();
        assert!(
            message.contains(want),
            "{body}: {message:?} does not say {want:?}"
        );
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lead_past_the_time_limit_is_a_504_and_stops() {
    let server = start(ServerConfig {
        threads: 1,
        queue: 4,
        timeout: Duration::from_millis(300),
        ..config()
    })
    .await;
    let body = json!({ "hand": HAND, "contract": "3NTS", "samples": MAX_SAMPLES, "condition": "tricks(south, notrump) >= 9" });
    let (status, v) = post_json(&server, "/api/lead", &body).await;
    assert_eq!(status, 504, "{v}");
    assert_eq!(
        v["error"],
        "the request took longer than the server's time limit of 0.3 s"
    );
    // The analysis stops at its time limit; then the server answers again.
    wait_in_flight(&server, 0).await;
    wait_solving(&server, 0).await;
    let (status, health) = get_json(&server, "/api/health").await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    server.stop().await.unwrap();
}
