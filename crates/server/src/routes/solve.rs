//! `POST /api/solve`: the value of every legal card of the hand to play ([`SolveRecord`]),
//! after replaying `played` from `deal`: `ddsolve solve --format json`.

use crate::body::JsonBody;
use crate::{input, ApiError, AppState, JsonText};
use axum::extract::State;
use ddsolve::report::SolveRecord;
use ddsolve::{Position, Solutions, Target};
use serde::Deserialize;

/// The request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The hands when `leader` is on lead, before the cards of `played` (PBN or LIN; every
    /// hand the same length, 1 to 13 cards).
    pub deal: String,
    /// `S`, `H`, `D`, `C` or `NT`.
    pub trump: String,
    /// The hand on lead in `deal`.
    pub leader: String,
    /// Cards played from there, in order (any number, across tricks): each must be legal.
    #[serde(default)]
    pub played: Vec<String>,
    /// Also mark the cards that take at least this many tricks (1 to the tricks left).
    pub target: Option<u8>,
}

/// The handler.
pub async fn solve(
    State(state): State<AppState>,
    JsonBody(req): JsonBody<SolveRequest>,
) -> Result<JsonText, ApiError> {
    let hands = input::hands(&req.deal)?;
    let trump = input::strain("trump", &req.trump)?;
    let leader = input::seat("leader", &req.leader)?;
    let mut pos = Position::with_trick(hands, trump, leader, &[])
        .map_err(|e| ApiError::bad_request(format!("deal: not a position to lead from: {e}")))?;
    input::replay(&mut pos, &req.played)?;
    if pos.is_finished() {
        return Err(ApiError::bad_request(
            "played: every card has been played; there is nothing left to solve",
        ));
    }
    let target = req.target;
    state
        .solve(move |solver| {
            let solution = solver
                .get()
                .solve(
                    &pos,
                    target.map_or(Target::Max, Target::AtLeast),
                    Solutions::All,
                )
                .map_err(|e| ApiError::bad_request(format!("target: {e}")))?;
            JsonText::of(&SolveRecord::new(&pos, &solution.cards, target))
        })
        .await
}
