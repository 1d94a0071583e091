//! `GET /api/health`: the server is up; its version, threads and queue.

use crate::AppState;
use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

/// The handler: `{"status": "ok", "version", "threads", "queue": {"capacity", "in_flight"}}`
/// (`in_flight`: requests waiting for a solver thread or being solved).
pub async fn health(State(state): State<AppState>) -> Json<Value> {
    let pool = state.pool();
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "threads": pool.threads(),
        "queue": {
            "capacity": pool.capacity(),
            "in_flight": pool.in_flight(),
        },
    }))
}
