use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::AppState;

/// `GET /health`: 200 `{"status":"ok","database":"ok","channels":{…}}` when a query
/// round-trips, else 503 with the reason — for load balancers and people alike. `channels`
/// says which of e-mail, SMS and payments are live and where their credentials come from
/// (environment, settings) or that they are simulated (none).
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let check = async {
        let client = state.pool.get().await.map_err(|e| e.to_string())?;
        client
            .query_one("SELECT 1", &[])
            .await
            .map_err(|e| kanisa_pg::describe(&e))?;
        Ok::<(), String>(())
    };
    match tokio::time::timeout(Duration::from_secs(3), check).await {
        Ok(Ok(())) => {
            let mut body = json!({"status": "ok", "database": "ok"});
            if let Some(f) = &state.functions {
                body["channels"] = f.service_modes().await;
            }
            (StatusCode::OK, Json(body))
        }
        Ok(Err(reason)) => unavailable(reason),
        Err(_) => unavailable("no answer within 3 s".to_owned()),
    }
}

fn unavailable(reason: String) -> (StatusCode, Json<Value>) {
    tracing::warn!(%reason, "health check: database unavailable");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(json!({"status": "unavailable", "database": reason})),
    )
}
