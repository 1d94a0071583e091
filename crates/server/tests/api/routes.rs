//! Every route, its answers equal to the library's (the command line's JSON objects).

use crate::common::*;
use ddsolve::report::{self, ParRecord, PlayRecord, SolveRecord, TableRecord};
use ddsolve::{Card, Deal, Position, Seat, Solutions, Solver, Strain, Target, Vulnerability};
use ddsolve_server::ServerConfig;
use serde_json::json;

fn deal() -> Deal {
    DEAL.parse().unwrap()
}

fn cards(list: &[&str]) -> Vec<Card> {
    list.iter().map(|c| c.parse().unwrap()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn table_and_par_are_the_librarys_records() {
    let server = start(config()).await;
    let mut solver = Solver::new();
    for d in [deal()].into_iter().chain(deals(5, 3)) {
        let table = solver.table(&d);
        // The text itself: the command line's `--format json` line, field order included.
        let response = client()
            .post(server.url("/api/table"))
            .json(&json!({ "deal": d.to_string() }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"],
            "application/json",
            "{d}"
        );
        let text = response.text().await.unwrap();
        assert_eq!(
            format!("{text}\n"),
            report::line(&TableRecord::new(&d, &table))
        );
        let (status, v) = post_json(
            &server,
            "/api/table",
            &json!({ "deal": d.to_string(), "vulnerable": "EW", "dealer": "S" }),
        )
        .await;
        assert_eq!(status, 200);
        let want = ParRecord::new(&d, Vulnerability::EastWest, Seat::South, &table);
        assert_eq!(v, json_of(&want));
    }
    // A LIN deal gives its dealer (3: North).
    let (status, v) = post_json(
        &server,
        "/api/table",
        &json!({ "deal": "md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|", "vulnerable": "None" }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v["deal"], DEAL);
    assert_eq!(v["dealer"], "N");
    assert_eq!(v["dealer_par"]["contracts"][0]["text"], "EW 2S");
    server.stop().await.unwrap();
}

/// The first `n` deals of a tables file of the test data (`deal <TAB> 20 numbers`).
fn file_deals(name: &str, n: usize) -> Vec<Deal> {
    let path = ddsolve_testkit::data::path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let deals: Vec<Deal> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(deals.len(), n, "{name} has fewer deals than asked");
    deals
}

#[tokio::test(flavor = "multi_thread")]
async fn a_table_on_the_idle_threads_is_the_librarys() {
    // One request at a time: the idle threads help with each table's strains.
    let mut all: Vec<Deal> = ddsolve_testkit::data::read_dds_file("list10.txt")
        .unwrap()
        .iter()
        .map(|e| e.deal)
        .collect();
    all.extend(file_deals("random-seed1-200.tsv", 3));
    all.extend(file_deals("freak-seed11-24.tsv", 2));
    let want: Vec<_> = all.iter().map(|d| Solver::new().table(d)).collect();
    for threads in [3, 5] {
        let server = start(ServerConfig {
            threads,
            ..config()
        })
        .await;
        for (d, table) in all.iter().zip(&want) {
            let (status, v) =
                post_json(&server, "/api/table", &json!({ "deal": d.to_string() })).await;
            assert_eq!(status, 200, "{v}");
            assert_eq!(
                v,
                json_of(&TableRecord::new(d, table)),
                "{threads} threads: {d}"
            );
        }
        wait_in_flight(&server, 0).await;
        server.stop().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn solve_replays_the_play_and_values_every_card() {
    let server = start(config()).await;
    let mut solver = Solver::new();
    let record = |pos: &Position, target: Option<u8>, solver: &mut Solver| {
        let t = target.map_or(Target::Max, Target::AtLeast);
        let s = solver.solve(pos, t, Solutions::All).unwrap();
        json_of(&SolveRecord::new(pos, &s.cards, target))
    };
    // The opening lead.
    let start_pos = Position::new(deal(), Strain::NoTrump, Seat::East);
    let (status, v) = post_json(
        &server,
        "/api/solve",
        &json!({ "deal": DEAL, "trump": "NT", "leader": "E" }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v, record(&start_pos, None, &mut solver));
    // A trick and a half from the start, with a target.
    let played = ["HJ", "H3", "H4", "H2", "C4"];
    let mut pos = start_pos.clone();
    for c in cards(&played) {
        pos.play(c).unwrap();
    }
    let (status, v) = post_json(
        &server,
        "/api/solve",
        &json!({ "deal": DEAL, "trump": "NT", "leader": "E", "played": played, "target": 7 }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v, record(&pos, Some(7), &mut solver));
    assert_eq!(v["played"], json!(["C4"]));
    // With only the current trick's cards, it is `ddsolve solve`: the same position given
    // as the cards not yet played and the trick so far.
    let trick = cards(&["HJ", "H3"]);
    let mut hands = *deal().hands();
    hands[Seat::East].remove(trick[0]);
    hands[Seat::South].remove(trick[1]);
    let cli_pos = Position::with_trick(hands, Strain::NoTrump, Seat::East, &trick).unwrap();
    let (status, v) = post_json(
        &server,
        "/api/solve",
        &json!({ "deal": DEAL, "trump": "N", "leader": "E", "played": ["HJ", "H3"] }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v, record(&cli_pos, None, &mut solver));
    // An ending: 2 cards a hand.
    let ending = "N:A2... K3... Q4... J5...";
    let (status, v) = post_json(
        &server,
        "/api/solve",
        &json!({ "deal": ending, "trump": "NT", "leader": "N" }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["tricks_left"], 2);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn play_is_the_librarys_analysis_from_declarer_or_leader() {
    let server = start(config()).await;
    let played = ["CT", "C4", "CA", "CJ", "S5"];
    let cs = cards(&played);
    let analysis = Solver::new()
        .analyse_play(&deal(), Strain::Spades, Seat::North, &cs)
        .unwrap();
    let want = json_of(&PlayRecord::new(
        &deal(),
        Strain::Spades,
        Seat::North,
        &cs,
        &analysis,
    ));
    for who in [json!({"declarer": "W"}), json!({"leader": "N"})] {
        let mut body = json!({ "deal": DEAL, "trump": "S", "played": played });
        body.as_object_mut()
            .unwrap()
            .extend(who.as_object().unwrap().clone());
        let (status, v) = post_json(&server, "/api/play", &body).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v, want);
    }
    assert_eq!(want["cards"][3]["trick_won_by"], "S");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn annotate_gives_the_librarys_file_and_names_the_skipped_boards() {
    let server = start(config()).await;
    let file = format!(
        "% PBN 2.1\n{}[Board \"4\"]\n[Deal \"N:AKQ\"]\n",
        pbn_file(8, 3)
    );
    let want = ddsolve::annotate::annotate(file.as_bytes(), 1, Solver::new, |_, _| {}).unwrap();
    assert_eq!(want.skipped.len(), 1);
    let response = client()
        .post(server.url("/api/annotate"))
        .body(file.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "text/plain; charset=utf-8");
    assert_eq!(headers["x-ddsolve-boards"], "3");
    let skipped: Vec<String> = headers
        .get_all("x-ddsolve-skipped")
        .iter()
        .map(|v| {
            percent_encoding::percent_decode_str(v.to_str().unwrap())
                .decode_utf8()
                .unwrap()
                .into_owned()
        })
        .collect();
    assert_eq!(skipped, want.skipped);
    assert!(skipped[0].starts_with("board 4, line "), "{skipped:?}");
    assert_eq!(response.bytes().await.unwrap(), want.bytes);
    // Latin-1 bytes come back as they were, and say so.
    let latin1 = format!("[Event \"Caf\u{e9}\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n")
        .chars()
        .map(|c| c as u8)
        .collect::<Vec<u8>>();
    let response = client()
        .post(server.url("/api/annotate"))
        .header("content-type", "application/octet-stream")
        .body(latin1.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; charset=iso-8859-1"
    );
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(&latin1[..15]), "{bytes:?}");
    assert!(String::from_utf8_lossy(&bytes).contains("[ParContract \"EW 2S\"]"));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn boards_lists_a_files_boards() {
    let server = start(config()).await;
    let mut file = pbn_file(9, 4);
    file.push_str("[Board \"5\"]\n[Dealer \"X\"]\n[Deal \"N:AKQ\"]\n\n[Board \"6\"]\n[Deal \"");
    file.push_str(DEAL);
    file.push_str("\"]\n[Contract \"4S\"]\n[Declarer \"W\"]\n");
    let response = client()
        .post(server.url("/api/boards"))
        .body(file)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let v: serde_json::Value = response.json().await.unwrap();
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 6);
    for (i, d) in deals(9, 4).iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(boards[i]["board"], n.to_string());
        assert_eq!(boards[i]["deal"], d.to_string());
        assert_eq!(
            boards[i]["dealer"],
            ddsolve::formats::pbn_file::board_dealer(n)
                .letter()
                .to_string()
        );
        assert_eq!(
            boards[i]["vulnerable"],
            report::vulnerability_name(ddsolve::formats::pbn_file::board_vulnerability(n))
        );
        assert!(boards[i].get("error").is_none());
    }
    assert!(boards[4].get("deal").is_none());
    let error = boards[4]["error"].as_str().unwrap();
    assert!(
        error.contains("[Dealer]") && error.contains("[Deal]"),
        "{error}"
    );
    assert_eq!(boards[5]["contract"], "4S");
    assert_eq!(boards[5]["declarer"], "W");
    assert_eq!(boards[5]["dealer"], "E");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn health_tells_the_threads_and_the_queue() {
    let server = start(config()).await;
    let (status, v) = get_json(&server, "/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(
        v,
        json!({
            "status": "ok",
            "version": env!("CARGO_PKG_VERSION"),
            "threads": 2,
            "queue": { "capacity": 8, "in_flight": 0, "waiting": 0, "solving": 0, "limit": 10 },
        })
    );
    server.stop().await.unwrap();
}

/// Every file of `dir` (relative paths, `/`-separated).
fn files_under(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type().unwrap().is_dir() {
            files_under(&entry.path(), &format!("{name}/"), out);
        } else {
            out.push(name);
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let server = start(config()).await;
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let index = std::fs::read(web.join("index.html")).expect("web/index.html exists");
    for path in ["/", "/?deal=N:QJ6.K652.J85.T98%20873.J97.AT764.Q4%20K5.T83.KQ9.A7652%20AT942.AQ4.32.KJ3&play=HJ"] {
        let response = client().get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8");
        assert_eq!(response.headers()["cache-control"], "no-cache");
        assert_eq!(response.bytes().await.unwrap(), index, "{path}");
    }
    let mut files = Vec::new();
    files_under(&web, "", &mut files);
    assert!(files.len() >= 3, "{files:?}");
    for file in &files {
        let response = client()
            .get(server.url(&format!("/static/{file}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{file}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string();
        let etag = response.headers()["etag"].clone();
        let want = match file.rsplit('.').next().unwrap() {
            "html" => "text/html",
            "css" => "text/css",
            "js" | "mjs" => "javascript",
            "svg" => "image/svg+xml",
            "png" => "image/png",
            _ => "",
        };
        assert!(content_type.contains(want), "{file}: {content_type}");
        assert_eq!(
            response.bytes().await.unwrap(),
            std::fs::read(web.join(file)).unwrap(),
            "{file}"
        );
        // A browser revalidating gets 304.
        let again = client()
            .get(server.url(&format!("/static/{file}")))
            .header("if-none-match", etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{file}");
    }
    let missing = client()
        .get(server.url("/static/../Cargo.toml"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    // Compressed when the client accepts it.
    let gz = client()
        .get(server.url("/static/app.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(gz.headers()["content-encoding"], "gzip");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn cors_only_when_asked_for() {
    let plain = start(config()).await;
    let with = start(ddsolve_server::ServerConfig {
        cors: Some("https://club.example".into()),
        ..config()
    })
    .await;
    for (server, want) in [(&plain, None), (&with, Some("https://club.example"))] {
        let response = client()
            .get(server.url("/api/health"))
            .header("origin", "https://club.example")
            .send()
            .await
            .unwrap();
        let got = response
            .headers()
            .get("access-control-allow-origin")
            .map(|v| v.to_str().unwrap().to_string());
        assert_eq!(got.as_deref(), want);
    }
    plain.stop().await.unwrap();
    with.stop().await.unwrap();
}
