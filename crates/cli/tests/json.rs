//! `--format json`: JSON Lines that agree with the other formats and with DDS.

use ddsolve_testkit::data;
use serde_json::Value;
use std::process::{Command, Output};

const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

fn ddsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .output()
        .expect("the ddsolve binary runs")
}

/// Asserts success; the stdout's JSON lines.
fn json_lines(o: Output) -> Vec<Value> {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn table_json_agrees_with_tsv_and_dds_on_the_random_set() {
    let file = data::path("random-seed1-200.tsv");
    let file = file.to_str().unwrap();
    let o = ddsolve(&["table", "--format", "tsv", "--threads", "2", file]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let tsv = String::from_utf8(o.stdout).unwrap();
    // The tsv is the file's: each deal and DDS's table (the file separates its numbers by
    // spaces).
    let dds: String = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (deal, tricks) = l.split_once('\t').unwrap();
            let tricks: Vec<&str> = tricks.split_whitespace().collect();
            format!("{deal}\t{}\n", tricks.join("\t"))
        })
        .collect();
    assert_eq!(tsv, dds);
    let json = json_lines(ddsolve(&[
        "table",
        "--format",
        "json",
        "--threads",
        "2",
        file,
    ]));
    assert_eq!(json.len(), 200);
    for (v, line) in json.iter().zip(tsv.lines()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(v["deal"], fields[0]);
        // tsv: strains S, H, D, C, NT; declarers N, E, S, W within each.
        for (i, t) in fields[1..].iter().enumerate() {
            let strain = ["S", "H", "D", "C", "NT"][i / 4];
            let seat = ["N", "E", "S", "W"][i % 4];
            assert_eq!(v["table"][seat][strain].to_string(), *t, "{line}");
        }
        assert_eq!(v.as_object().unwrap().len(), 2);
    }
}

#[test]
fn solve_json() {
    let v = json_lines(ddsolve(&[
        "solve",
        "--trump",
        "N",
        "--leader",
        "E",
        "--played",
        "HJ,H8",
        "--target",
        "6",
        "--format",
        "json",
        "N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T3.KQ9.A7652 AT942.AQ4.32.KJ3",
    ]));
    assert_eq!(v.len(), 1);
    let v = &v[0];
    assert_eq!(v["trump"], "NT");
    assert_eq!(v["leader"], "E");
    assert_eq!(v["to_play"], "W");
    assert_eq!(v["side"], "EW");
    assert_eq!(v["played"], serde_json::json!(["HJ", "H8"]));
    assert_eq!(v["tricks_left"], 13);
    assert_eq!(v["target"], 6);
    let cards: Vec<(Vec<String>, u64, bool)> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let cards = g["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            (
                cards,
                g["tricks"].as_u64().unwrap(),
                g["makes"].as_bool().unwrap(),
            )
        })
        .collect();
    let all: Vec<String> = cards.iter().flat_map(|c| c.0.clone()).collect();
    assert_eq!(all, ["HA", "HQ", "H4"]);
    assert!(cards.iter().all(|c| c.1 == 6 && c.2));
}

#[test]
fn play_and_par_json() {
    let v = &json_lines(ddsolve(&[
        "play", "--trump", "N", "--leader", "E", "--cards", "HJH8HAH2", "--format", "json", DEAL,
    ]))[0];
    assert_eq!(v["declarer"], "N");
    assert_eq!(v["side"], "NS");
    assert_eq!(v["start"], 6);
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 4);
    assert_eq!(cards[0]["card"], "HJ");
    assert_eq!(cards[0]["seat"], "E");
    assert_eq!(cards[0]["tricks"], 7);
    assert_eq!(cards[0]["cost"], 1);
    assert_eq!(cards[3]["trick_won_by"], "W");
    assert!(cards[0]["trick_won_by"].is_null());

    let v = &json_lines(ddsolve(&["par", "--format", "json", DEAL]))[0];
    assert_eq!(v["vulnerable"], "None");
    assert_eq!(v["table"]["E"]["S"], 8);
    assert_eq!(v["par"]["ns"]["score"], -110);
    assert_eq!(v["par"]["ew"]["score"], 110);
    assert_eq!(v["dealer_par"]["score"], -110);
    let c = &v["dealer_par"]["contracts"][0];
    assert_eq!(
        (
            &c["level"],
            &c["strain"],
            &c["declarer"],
            &c["doubled"],
            &c["tricks"],
            &c["result"]
        ),
        (
            &Value::from(2),
            &Value::from("S"),
            &Value::from("EW"),
            &Value::from(false),
            &Value::from(8),
            &Value::from(0)
        )
    );
    assert_eq!(v["sides_par"]["ew"]["score"], 110);
}

#[test]
fn check_json() {
    let list10 = data::path("list10.txt");
    let v = json_lines(ddsolve(&[
        "check",
        list10.to_str().unwrap(),
        "--mode",
        "table",
        "--format",
        "json",
    ]));
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["summary"]["checked"], 10);
    assert_eq!(v[0]["summary"]["mismatches"], 0);
    assert_eq!(v[0]["summary"]["lines"]["TABLE"], 10);
    // A wrong TABLE line: one mismatch object with both tables.
    let text = format!("PBN 0 0 0 0 \"{DEAL}\"\nTABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 7\n");
    let file = std::env::temp_dir().join(format!("ddsolve-json-{}.txt", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let o = ddsolve(&["check", file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let m = &lines[0]["mismatch"];
    assert_eq!(m["kind"], "TABLE");
    assert_eq!(m["entry"], 1);
    assert_eq!(m["line"], 1);
    assert_eq!(m["expected"][19], 7);
    assert_eq!(m["got"][19], 6);
    assert_eq!(lines[1]["summary"]["mismatches"], 1);
}
