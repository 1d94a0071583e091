//! `GET /api/health`: the server is up; its version, threads and queue.

use crate::AppState;
use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

/// The handler: `{"status": "ok", "version", "threads", "queue": {"capacity", "in_flight",
/// "waiting", "solving", "limit"}}` (`in_flight`: requests waiting for a solver thread or
/// being solved that someone waits for, at most `limit`; `solving`: threads at work on a
/// request).
pub async fn health(State(state): State<AppState>) -> Json<Value> {
    let pool = state.pool();
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "threads": pool.threads(),
        "queue": {
            "capacity": pool.capacity(),
            "in_flight": pool.in_flight(),
            "waiting": pool.waiting(),
            "solving": pool.solving(),
            "limit": pool.limit(),
        },
    }))
}
