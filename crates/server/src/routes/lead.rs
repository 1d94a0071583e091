//! `POST /api/lead`: every opening lead of a hand against a contract, valued double dummy
//! over deals sampled consistent with the hand (and a dealer-language condition, what the
//! auction showed): `ddsolve lead --format json`.
//!
//! The analysis is one job on the solver pool: the samples are drawn and solved one after
//! the other on that job's thread (a warm table of the server's `--tt-mb`), and it stops
//! at the time limit (counted from the request's arrival, as the queue's is), the answer
//! then 504. A client that hangs up leaves the job to run to its time limit (the lead
//! analysis has no other point where it stops).

use crate::body::JsonBody;
use crate::{input, ApiError, AppState, JsonText};
use axum::extract::State;
use ddsolve_lead::condition::{parse_condition, with_filter};
use ddsolve_lead::{
    analyse_leads, parse_contract, parse_seat_hand, CardStats, Deals, LeadError, LeadProblem,
    Method, RunOptions,
};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// The most samples a request may ask for.
pub const MAX_SAMPLES: u64 = 1000;
/// The samples of a request that does not say.
pub const DEFAULT_SAMPLES: u64 = 100;
/// The deals drawn for each sample asked for, at most: a condition that accepts fewer
/// deals than that is answered 400 (`condition: the condition accepted only ...`).
pub const TRIES_PER_SAMPLE: u64 = 10_000;

/// The request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeadRequest {
    /// The leader's hand: its seat, a colon and the suits (`W:KQ3.J92.T8763.A4`); the seat
    /// is declarer's left-hand opponent.
    pub hand: String,
    /// The contract: level, strain, `x` or `xx`, declarer (`3NTS`, `4HxE`).
    pub contract: String,
    /// `None` (the default), `NS`, `EW` or `Both`.
    pub vulnerable: Option<String>,
    /// A dealer-language condition on the deals: a script with a `condition`, or just the
    /// condition's expression.
    pub condition: Option<String>,
    /// Samples to deal: 1 to [`MAX_SAMPLES`] ([`DEFAULT_SAMPLES`] if not given).
    pub samples: Option<u64>,
    /// The seed of the sampling (1 if not given).
    pub seed: Option<u64>,
}

/// The answer: `ddsolve lead --format json`'s object, its fields in that order.
#[derive(Debug, Serialize)]
pub struct LeadRecord<'a> {
    /// The contract, the vulnerability, the leader and the hand.
    pub problem: String,
    /// Deals analysed.
    pub samples: usize,
    /// Deals drawn (those the condition refused included).
    pub tried: u64,
    /// Search nodes over every sample.
    pub nodes: u64,
    /// The groups of equal leads, best first.
    pub leads: &'a [CardStats],
}

/// The handler.
pub async fn lead(
    State(state): State<AppState>,
    JsonBody(req): JsonBody<LeadRequest>,
) -> Result<JsonText, ApiError> {
    let start = Instant::now();
    let (seat, hand) =
        parse_seat_hand(&req.hand).map_err(|e| ApiError::bad_request(format!("hand: {e}")))?;
    let contract = parse_contract(&req.contract)
        .map_err(|e| ApiError::bad_request(format!("contract: {e}")))?;
    let vul = match &req.vulnerable {
        Some(v) => input::vulnerability(v)?,
        None => ddsolve::Vulnerability::None,
    };
    let problem = LeadProblem {
        hand,
        contract,
        vulnerable: vul.is_vulnerable(contract.declarer().side()),
    };
    if seat != problem.leader() {
        return Err(ApiError::bad_request(format!(
            "hand: the hand is {seat}'s, but against {contract} {} leads",
            problem.leader()
        )));
    }
    problem
        .known()
        .map_err(|e| ApiError::bad_request(format!("hand: {e}")))?;
    let samples = req.samples.unwrap_or(DEFAULT_SAMPLES);
    if !(1..=MAX_SAMPLES).contains(&samples) {
        return Err(ApiError::bad_request(format!(
            "samples: {samples} is out of range: ask for 1 to {MAX_SAMPLES}"
        )));
    }
    let seed = req.seed.unwrap_or(1);
    let script = req
        .condition
        .as_deref()
        .map(parse_condition)
        .transpose()
        .map_err(|e| ApiError::bad_request(format!("condition: {e}")))?;
    let timeout = state.timeout();
    let deadline = start + timeout;
    let options = RunOptions {
        threads: 1,
        tt_memory_mb: state.tt_mb(),
        method: Method::Warm,
        deadline: Some(deadline),
    };
    state
        .solve(move |_solver| {
            let analysis = with_filter(script.as_ref(), |condition| {
                // Past the time limit every deal is accepted, so that the sampler stops
                // at once: the analysis takes no sample after the limit and fails.
                let filter = |deal: &ddsolve::Deal| {
                    Instant::now() >= deadline || condition.is_none_or(|f| f(deal))
                };
                let deals = Deals::Sampled {
                    count: samples,
                    seed,
                    filter: Some(&filter),
                    max_tries: samples * TRIES_PER_SAMPLE,
                };
                analyse_leads(&problem, deals, &options, &mut |_| {})
            })
            .map_err(|e| match e {
                LeadError::TimeLimit { .. } => ApiError::timeout(timeout.as_secs_f64()),
                LeadError::Sample(e) => ApiError::bad_request(format!("condition: {e}")),
                e => ApiError::bad_request(e.to_string()),
            })?;
            JsonText::of(&LeadRecord {
                problem: problem.heading(),
                samples: analysis.samples.len(),
                tried: analysis.tried,
                nodes: analysis.nodes,
                leads: &analysis.stats,
            })
        })
        .await
}
