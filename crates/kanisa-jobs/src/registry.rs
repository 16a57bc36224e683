//! The registry: which [`Job`] kinds this instance runs, each with its context, and which of
//! them are periodic, at what interval. Built once, in the binary's one place that wires jobs.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::error::JobsError;
use crate::job::{Job, JobFailure};
use crate::queue::Claimed;

type BoxRun<'a> = Pin<Box<dyn Future<Output = Result<(), JobFailure>> + Send + 'a>>;

/// A job kind's work with its types erased, so kinds of different types share a registry. It
/// decodes the payload into the kind's arguments: the one place a bad payload is refused.
trait Handler: Send + Sync + 'static {
    fn run<'a>(&'a self, job: &'a Claimed) -> BoxRun<'a>;
}

struct Typed<J: Job> {
    context: J::Context,
}

impl<J: Job> Handler for Typed<J> {
    fn run<'a>(&'a self, job: &'a Claimed) -> BoxRun<'a> {
        Box::pin(async move {
            let args: J = decode::<J>(&job.payload)?;
            args.run(&self.context, &job.info).await
        })
    }
}

/// A payload as `J`'s arguments; a payload that does not decode can never run: permanent.
pub fn decode<J: Job>(payload: &Value) -> Result<J, JobFailure> {
    serde_json::from_value(payload.clone()).map_err(|e| {
        JobFailure::permanent(format!(
            "the {} job's payload does not decode: {e}",
            J::KIND
        ))
    })
}

/// A periodic kind: one run per slot of `every` (slots start at multiples of `every` since the
/// Unix epoch), whichever instance enqueues it.
#[derive(Clone, Debug)]
pub struct Periodic {
    pub kind: &'static str,
    pub every: Duration,
    pub(crate) payload: Value,
    pub(crate) max_attempts: i32,
}

/// The job kinds by name, and the periodic ones.
#[derive(Clone, Default)]
pub struct Registry {
    handlers: BTreeMap<&'static str, Arc<dyn Handler>>,
    periodic: Vec<Periodic>,
}

impl Registry {
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Runs jobs of kind `J::KIND` with `context` (replacing an earlier registration of it).
    pub fn job<J: Job>(mut self, context: J::Context) -> Registry {
        self.handlers
            .insert(J::KIND, Arc::new(Typed::<J> { context }));
        self
    }

    /// Makes `J` periodic: one run of `J::default()` per slot of `every`. `J` must also be
    /// registered with [`Registry::job`] (checked when the workers start).
    pub fn every<J: Job + Default>(mut self, every: Duration) -> Registry {
        let payload = serde_json::to_value(J::default()).unwrap_or(Value::Null);
        self.periodic.retain(|p| p.kind != J::KIND);
        self.periodic.push(Periodic {
            kind: J::KIND,
            every,
            payload,
            max_attempts: J::MAX_ATTEMPTS,
        });
        self
    }

    /// The registered kinds, sorted.
    pub fn kinds(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.handlers.keys().copied()
    }

    /// The periodic kinds.
    pub fn periodic(&self) -> &[Periodic] {
        &self.periodic
    }

    /// Every periodic kind has a handler and an interval of at least a second, and its
    /// arguments encode.
    pub(crate) fn check(&self) -> Result<(), JobsError> {
        for p in &self.periodic {
            if !self.handlers.contains_key(p.kind) {
                return Err(JobsError::Invalid(format!(
                    "the periodic job {} is not registered with Registry::job",
                    p.kind
                )));
            }
            if p.every < Duration::from_secs(1) {
                return Err(JobsError::Invalid(format!(
                    "the periodic job {} runs every {:?}: at least a second",
                    p.kind, p.every
                )));
            }
            if p.payload.is_null() {
                return Err(JobsError::Invalid(format!(
                    "the periodic job {}'s default arguments do not encode",
                    p.kind
                )));
            }
        }
        Ok(())
    }

    /// Runs a claimed job with its kind's handler.
    pub(crate) async fn run(&self, job: &Claimed) -> Result<(), JobFailure> {
        match self.handlers.get(job.kind.as_str()) {
            Some(handler) => handler.run(job).await,
            None => Err(JobFailure::permanent(format!(
                "no handler for job kind {:?} in this Kanisa (known kinds: {})",
                job.kind,
                if self.handlers.is_empty() {
                    "none".to_owned()
                } else {
                    self.kinds().collect::<Vec<_>>().join(", ")
                }
            ))),
        }
    }
}
