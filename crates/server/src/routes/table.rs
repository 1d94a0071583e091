//! `POST /api/table`: a deal's double-dummy table ([`TableRecord`]), or with its
//! vulnerability and dealer its table and par ([`ParRecord`]): `ddsolve table` and
//! `ddsolve par` with `--format json`.

use crate::body::JsonBody;
use crate::{input, ApiError, AppState, JsonText};
use axum::extract::State;
use ddsolve::report::{ParRecord, TableRecord};
use serde::Deserialize;

/// The request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRequest {
    /// A PBN deal (`N:...`) or a LIN `md|` field.
    pub deal: String,
    /// `None`, `NS`, `EW` or `Both`: with a dealer, par too.
    pub vulnerable: Option<String>,
    /// `N`, `E`, `S` or `W` (a LIN deal may give it).
    pub dealer: Option<String>,
}

/// The handler.
pub async fn table(
    State(state): State<AppState>,
    JsonBody(req): JsonBody<TableRequest>,
) -> Result<JsonText, ApiError> {
    let (deal, lin_dealer) = input::deal(&req.deal)?;
    let dealer = match &req.dealer {
        Some(d) => Some(input::seat("dealer", d)?),
        None => lin_dealer,
    };
    let vul = req
        .vulnerable
        .as_deref()
        .map(input::vulnerability)
        .transpose()?;
    let par = match (vul, dealer) {
        (Some(vul), Some(dealer)) => Some((vul, dealer)),
        (Some(_), None) => return Err(ApiError::bad_request(
            "vulnerable is given but no dealer: par needs both (or neither, for the table alone)",
        )),
        (None, Some(_)) if req.dealer.is_some() => return Err(ApiError::bad_request(
            "dealer is given but not vulnerable: par needs both (or neither, for the table alone)",
        )),
        (None, _) => None,
    };
    if par.is_some() {
        ddsolve::par::check_full_deal(&deal)
            .map_err(|e| ApiError::bad_request(format!("deal: {e}")))?;
    }
    state
        .solve(move |solver| {
            let table = solver.table(&deal);
            match par {
                Some((vul, dealer)) => JsonText::of(&ParRecord::new(&deal, vul, dealer, &table)),
                None => JsonText::of(&TableRecord::new(&deal, &table)),
            }
        })
        .await
}
