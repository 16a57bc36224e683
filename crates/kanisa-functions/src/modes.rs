//! Service modes, the feature (`GET service-modes`): which channels are live and where their
//! credentials come from, and online giving's provider and whether it is on — never a
//! credential. The public forms and the back office show their demo banners from this answer,
//! and `GET /health` carries it.
//!
//! Owns: that answer. Online giving's part comes from the capability it is given
//! ([`GivingModes`]), so this feature imports no other.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::capabilities::{GivingModes, giving_unavailable};
use crate::channels::Channels;
use crate::routes::{BodyKind, Route};

/// The service-modes feature.
pub struct Modes {
    channels: Arc<Channels>,
    giving: Option<Arc<dyn GivingModes>>,
}

impl Modes {
    pub fn new(channels: Arc<Channels>, giving: Option<Arc<dyn GivingModes>>) -> Modes {
        Modes { channels, giving }
    }

    /// Which channels are live and, for payments, which provider and whether giving is on.
    pub async fn answer(&self) -> Value {
        let mut value = json!(self.channels.modes().await);
        value["payments"] = match &self.giving {
            Some(giving) => giving.modes().await,
            None => giving_unavailable(),
        };
        value
    }

    /// `GET service-modes`.
    pub fn routes(self: &Arc<Self>) -> Vec<Route> {
        let modes = self.clone();
        vec![Route::new(
            "GET",
            "service-modes",
            BodyKind::None,
            move |_| {
                let modes = modes.clone();
                async move { Ok((200, modes.answer().await)) }
            },
        )]
    }
}
