//! The input table (`crates/testkit/data/input-table.tsv`) through the server: every deal
//! string as `/api/table`'s `deal`, every PBN file through `/api/boards`; and par of an
//! ending refused with the library's message, as every front end refuses it.

use crate::common::*;
use ddsolve_testkit::input_table::{cases, Kind, Outcome};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn every_case_reads_as_in_every_front_end() {
    let server = start(config()).await;
    for case in cases() {
        let label = case.label();
        match case.kind {
            Kind::Deal => {
                let (status, v) =
                    post_json(&server, "/api/table", &json!({"deal": case.text()})).await;
                match &case.outcome {
                    Outcome::Ok { deal, .. } => {
                        assert_eq!(status, 200, "{label}: {v}");
                        assert_eq!(v["deal"], deal.to_string(), "{label}");
                    }
                    Outcome::Error { message } => {
                        assert_eq!(status, 400, "{label}: {v}");
                        let e = v["error"].as_str().unwrap();
                        assert!(e.contains(message.as_str()), "{label}: {e}");
                    }
                }
            }
            Kind::Pbn => {
                let response = client()
                    .post(server.url("/api/boards"))
                    .body(case.input.clone())
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status().as_u16(), 200, "{label}");
                let v: serde_json::Value = response.json().await.unwrap();
                let boards = v["boards"].as_array().unwrap();
                match &case.outcome {
                    Outcome::Ok { deal, deals } => {
                        assert_eq!(boards.len(), *deals, "{label}: {v}");
                        for b in boards {
                            assert_eq!(b["deal"], deal.to_string(), "{label}: {v}");
                        }
                    }
                    Outcome::Error { message } => {
                        let e = boards[0]["error"].as_str().unwrap_or_default();
                        assert!(e.contains(message.as_str()), "{label}: {v}");
                    }
                }
            }
            // The server reads no file of deal lines.
            Kind::Lines => {}
        }
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn par_of_an_ending_is_refused_with_the_librarys_message() {
    let server = start(config()).await;
    let ending = "N:AK2.3.4. QJ3.4..5 4.AK.AK. 5.Q.Q.AK";
    let body = json!({"deal": ending, "vulnerable": "None", "dealer": "N"});
    let (status, v) = post_json(&server, "/api/table", &body).await;
    assert_eq!(status, 400, "{v}");
    let expected = ddsolve::par::check_full_deal(&ending.parse().unwrap())
        .unwrap_err()
        .to_string();
    assert_eq!(v["error"], format!("deal: {expected}"));
    // The table alone is the ending's.
    let (status, v) = post_json(&server, "/api/table", &json!({"deal": ending})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["table"]["N"]["S"], 4);
    server.stop().await.unwrap();
}
