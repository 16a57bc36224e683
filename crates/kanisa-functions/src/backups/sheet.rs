//! The backup key's recovery sheet (issue 42): the key that seals the backups, the destination
//! and the exact restore command, for a Super Admin with `system_settings` to print and store
//! away from the server (`GET /functions/v1/backup-recovery-sheet`). Without it a lost machine
//! takes the key with it and the encrypted backups are of no use. Each opening is logged (never
//! the key); Settings warns until the sheet of the key in use is confirmed stored
//! (`confirm_backup_key`, migration 0046).

use kanisa_pg::context::begin_as;
use kanisa_pg::{Caller, Pool};
use serde_json::{Value, json};

use crate::error::FunctionsError;
use crate::routes::{BodyKind, Route};

/// What the sheet is made from: the destinations (which hold the key) and API connections.
#[derive(Clone)]
pub struct RecoverySheet {
    api: Pool,
    destinations: kanisa_backup::Destinations,
}

impl RecoverySheet {
    pub fn new(api: Pool, destinations: kanisa_backup::Destinations) -> RecoverySheet {
        RecoverySheet { api, destinations }
    }

    /// `GET backup-recovery-sheet`.
    pub fn routes(self: &std::sync::Arc<Self>) -> Vec<Route> {
        vec![Route::to(
            "GET",
            "backup-recovery-sheet",
            BodyKind::None,
            self,
            |s, r| Box::pin(async move { Ok((200, s.sheet(r.caller()?).await?)) }),
        )]
    }

    /// The sheet, for a Super Admin with `system_settings` (the database decides and logs it).
    pub async fn sheet(&self, caller: &Caller) -> Result<Value, FunctionsError> {
        if caller.role == "anon" {
            return Err(FunctionsError::Unauthorized(
                "Sign in as a Super Admin to see the backup key".into(),
            ));
        }
        let tx = begin_as(&self.api, &caller.context(), false).await?;
        tx.client()
            .execute("SELECT public.note_backup_recovery_sheet()", &[])
            .await?;
        tx.commit().await?;
        let Some(key) = self.destinations.key() else {
            return Err(FunctionsError::NotFound(
                "The backups are not encrypted: there is no key to store (set KANISA_BACKUP_KEY)"
                    .into(),
            ));
        };
        let chosen = self
            .destinations
            .current()
            .await
            .map_err(|e| FunctionsError::Unavailable(e.to_string()))?;
        let destination = chosen.destination.url().to_string();
        Ok(json!({
            "key": key,
            "fingerprint": chosen.destination.key_fingerprint(),
            "generated": self.destinations.key_generated(),
            "destination": destination,
            "restoreCommand": restore_command(key, &destination),
        }))
    }
}

/// What a new machine runs to bring everything back from `destination` with `key`.
pub fn restore_command(key: &str, destination: &str) -> String {
    format!("KANISA_BACKUP_KEY='{key}' kanisa restore --latest --from {destination} --into DIR")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_restore_command_names_the_key_and_the_destination() {
        assert_eq!(
            restore_command("aaaa-bbbb", "s3://church/kanisa"),
            "KANISA_BACKUP_KEY='aaaa-bbbb' kanisa restore --latest --from s3://church/kanisa --into DIR"
        );
    }
}
