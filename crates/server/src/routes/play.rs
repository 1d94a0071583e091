//! `POST /api/play`: declarer's double-dummy tricks before and after each card of a play
//! ([`PlayRecord`]): `ddsolve play --format json`.

use crate::body::JsonBody;
use crate::{input, ApiError, AppState, JsonText};
use axum::extract::State;
use ddsolve::report::PlayRecord;
use ddsolve::Position;
use serde::Deserialize;

/// The request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The deal at the start of play (PBN or LIN).
    pub deal: String,
    /// `S`, `H`, `D`, `C` or `NT`.
    pub trump: String,
    /// Declarer (the opening leader is on its left); give this or `leader`.
    pub declarer: Option<String>,
    /// The opening leader; give this or `declarer`.
    pub leader: Option<String>,
    /// The cards played, in order, from the opening lead.
    pub played: Vec<String>,
}

/// The handler.
pub async fn play(
    State(state): State<AppState>,
    JsonBody(req): JsonBody<PlayRequest>,
) -> Result<JsonText, ApiError> {
    let (deal, _) = input::deal(&req.deal)?;
    let trump = input::strain("trump", &req.trump)?;
    let leader =
        match (&req.declarer, &req.leader) {
            (Some(d), None) => input::seat("declarer", d)?.next(),
            (None, Some(l)) => input::seat("leader", l)?,
            (Some(_), Some(_)) => return Err(ApiError::bad_request(
                "give declarer or leader, not both (the leader is declarer's left-hand opponent)",
            )),
            (None, None) => {
                return Err(ApiError::bad_request(
                    "missing field: give `declarer` or `leader` (declarer's left-hand opponent)",
                ))
            }
        };
    let mut pos = Position::new(deal, trump, leader);
    let cards = input::replay(&mut pos, &req.played)?;
    state
        .solve(move |solver| {
            let analysis = solver
                .get()
                .analyse_play(&deal, trump, leader, &cards)
                .map_err(|e| ApiError::bad_request(format!("played: {e}")))?;
            JsonText::of(&PlayRecord::new(&deal, trump, leader, &cards, &analysis))
        })
        .await
}
