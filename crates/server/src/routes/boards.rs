//! `POST /api/boards`: the boards of a PBN hand-record file (the body), read with the
//! workspace's PBN reader ([`ddsolve::formats::pbn_file`]), so that a page steps through a
//! file without a PBN parser of its own. Nothing is solved.
//!
//! Each game with a `[Deal]` or a `[Board]` tag is a board: `board` (its `[Board]`, or its
//! place in the file from 1), `dealer` and `vulnerable` (the tags, or the board number's in
//! the usual cycle, else `N` and `None`), `deal` (North first) and, when the file has them,
//! `contract` and `declarer`. A board that cannot be used has `error` (what is wrong, with
//! its line) and no `deal`; only the first [`MAX_ERRORS`] such boards are listed, so that
//! the answer stays bounded: `errors` counts them all and `omitted` those not listed
//! (`ddsolve annotate` names them all). The file is read on a solver thread, in the queue
//! like any solving.

use crate::body::RawBody;
use crate::{ApiError, AppState};
use axum::extract::State;
use axum::Json;
use ddsolve::formats::pbn_file::{Game, PbnFile};
use ddsolve::report::vulnerability_name;
use ddsolve::{Deal, Seat, Vulnerability};
use serde::Serialize;

/// The most boards with an error listed in an answer.
pub const MAX_ERRORS: usize = 100;

/// The answer.
#[derive(Debug, Serialize)]
pub struct BoardsResponse {
    /// The boards in file order (those with an error after the first [`MAX_ERRORS`] left out).
    pub boards: Vec<Board>,
    /// The boards that cannot be used, listed or not.
    pub errors: usize,
    /// The boards that cannot be used and are not listed.
    pub omitted: usize,
}

/// One board.
#[derive(Debug, Serialize)]
pub struct Board {
    /// The board's `[Board]` value, or its place in the file.
    pub board: String,
    /// `N`, `E`, `S` or `W`.
    pub dealer: String,
    /// `None`, `NS`, `EW` or `Both`.
    pub vulnerable: &'static str,
    /// The deal, PBN, North first (absent if it cannot be read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
    /// The `[Contract]` tag as written (`4S`, `3NTX`, `Pass`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// The `[Declarer]` tag (`N`, `E`, `S`, `W`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<String>,
    /// Why the board cannot be used, naming its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The handler: the file is read on a solver thread (a 10 MB file takes a moment).
pub async fn boards(
    State(state): State<AppState>,
    RawBody(bytes): RawBody,
) -> Result<Json<BoardsResponse>, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::bad_request(
            "the body is empty: send a PBN file as the body",
        ));
    }
    state.solve(move |_| read_boards(&bytes)).await.map(Json)
}

/// The boards of a PBN file.
pub fn read_boards(bytes: &[u8]) -> Result<BoardsResponse, ApiError> {
    let pbn =
        PbnFile::parse(bytes).map_err(|e| ApiError::bad_request(format!("not a PBN file: {e}")))?;
    let mut boards = Vec::new();
    let (mut found, mut errors) = (0, 0);
    for (i, g) in pbn.games().iter().enumerate() {
        if g.tag("Deal").is_none() && g.tag("Board").is_none() {
            continue;
        }
        found += 1;
        let b = board(i, g);
        if b.error.is_some() {
            errors += 1;
            if errors > MAX_ERRORS {
                continue;
            }
        }
        boards.push(b);
    }
    if found == 0 {
        return Err(ApiError::bad_request(format!(
            "the file holds no board (no game with a [Deal] or [Board] tag among its {} games)",
            pbn.games().len()
        )));
    }
    Ok(BoardsResponse {
        boards,
        errors,
        omitted: errors.saturating_sub(MAX_ERRORS),
    })
}

/// Game `i` as a board.
fn board(i: usize, game: &Game) -> Board {
    let number = game
        .value("Board")
        .map(|b| b.trim().to_string())
        .unwrap_or_else(|| (i + 1).to_string());
    let mut errors = Vec::new();
    let dealer = game.dealer().unwrap_or_else(|e| {
        errors.push(e.to_string());
        None
    });
    let vul = game.vulnerability().unwrap_or_else(|e| {
        errors.push(e.to_string());
        None
    });
    let deal = match game.value("Deal") {
        None => {
            errors.push(format!("board {number}, line {}: no [Deal]", game.line));
            None
        }
        Some(text) => match Deal::from_pbn(&text) {
            Ok(deal) => Some(deal.to_string()),
            Err(e) => {
                let line = game.tag("Deal").map_or(game.line, |t| t.line);
                errors.push(format!("board {number}, line {line}: [Deal]: {e}"));
                None
            }
        },
    };
    let error = (!errors.is_empty()).then(|| errors.join("; "));
    Board {
        board: number,
        dealer: dealer.unwrap_or(Seat::North).letter().to_string(),
        vulnerable: vulnerability_name(vul.unwrap_or(Vulnerability::None)),
        deal: if error.is_some() { None } else { deal },
        contract: game.value("Contract").map(|c| c.trim().to_string()),
        declarer: game.value("Declarer").map(|d| d.trim().to_string()),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_with_and_without_a_readable_deal() {
        let file = b"[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n[Declarer \"W\"]\n[Contract \"4S\"]\n\n[Board \"8\"]\n[Deal \"N:AKQ\"]\n";
        let r = read_boards(file).unwrap();
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["boards"][0]["board"], "7");
        assert_eq!(v["boards"][0]["dealer"], "S");
        assert_eq!(v["boards"][0]["vulnerable"], "Both");
        assert_eq!(v["boards"][0]["contract"], "4S");
        assert_eq!(v["boards"][0]["declarer"], "W");
        assert!(v["boards"][0].get("error").is_none());
        // Board 8 deals West, both vulnerable (by the cycle); its deal is bad.
        assert_eq!(v["boards"][1]["dealer"], "W");
        assert!(v["boards"][1].get("deal").is_none());
        let e = v["boards"][1]["error"].as_str().unwrap();
        assert!(e.starts_with("board 8, line 9: [Deal]: "), "{e}");
        assert_eq!((r.errors, r.omitted), (1, 0));
        assert!(read_boards(b"% nothing\n").is_err());
        // Many bad boards: the first hundred listed, all counted.
        let bad = "[Deal \"N:AKQ\"]\n\n".repeat(1000);
        let r = read_boards(bad.as_bytes()).unwrap();
        assert_eq!(
            (r.boards.len(), r.errors, r.omitted),
            (MAX_ERRORS, 1000, 900)
        );
    }
}
