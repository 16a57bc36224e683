//! Workers: one claim loop per [`Workers`] set, running up to `concurrency` jobs at a time,
//! woken by `NOTIFY kanisa_jobs` or a short poll, stopped with a grace period.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kanisa_pg::Pool;
use rand::Rng;
use tokio::sync::{Notify, Semaphore, mpsc, watch};
use tokio::task::JoinSet;

use crate::error::JobsError;
use crate::queue::{self, Job, Outcome};

/// Why a job's run failed, as its handler says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobFailure {
    /// True when running it again cannot succeed (a refused address, a malformed payload).
    pub permanent: bool,
    pub message: String,
}

impl JobFailure {
    /// Worth another attempt after a back-off (a provider unreachable, a timeout).
    pub fn retry(message: impl Into<String>) -> JobFailure {
        JobFailure {
            permanent: false,
            message: message.into(),
        }
    }

    /// Never worth another attempt: the job ends as failed now.
    pub fn permanent(message: impl Into<String>) -> JobFailure {
        JobFailure {
            permanent: true,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for JobFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The work of one job kind. Runs at least once per job (see ARCHITECTURE.md, "Jobs"): an
/// effect outside the database should be made idempotent with the job's id or unique key.
pub trait JobHandler: Send + Sync + 'static {
    fn run(&self, job: &Job) -> impl Future<Output = Result<(), JobFailure>> + Send;
}

type BoxRun<'a> = Pin<Box<dyn Future<Output = Result<(), JobFailure>> + Send + 'a>>;

/// [`JobHandler`] made object-safe, so handlers of different types share a registry.
trait ErasedHandler: Send + Sync + 'static {
    fn run_boxed<'a>(&'a self, job: &'a Job) -> BoxRun<'a>;
}

impl<H: JobHandler> ErasedHandler for H {
    fn run_boxed<'a>(&'a self, job: &'a Job) -> BoxRun<'a> {
        Box::pin(self.run(job))
    }
}

/// The handlers by job kind.
#[derive(Clone, Default)]
pub struct Registry {
    handlers: HashMap<String, Arc<dyn ErasedHandler>>,
}

impl Registry {
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Registers `handler` for jobs of `kind` (replacing any earlier one).
    pub fn register(mut self, kind: impl Into<String>, handler: impl JobHandler) -> Registry {
        self.handlers.insert(kind.into(), Arc::new(handler));
        self
    }

    pub fn kinds(&self) -> impl Iterator<Item = &str> {
        self.handlers.keys().map(String::as_str)
    }
}

/// How a set of workers behaves; the defaults suit `kanisa serve`.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// Jobs run at the same time by this set.
    pub concurrency: usize,
    /// How long a claim holds a job. A run is cut off (and retried) when it lasts longer, so
    /// no live worker overruns its lease; a dead worker's jobs are claimed again after it.
    pub lease: Duration,
    /// How often to look for due jobs when no notification came (retries, scheduled jobs,
    /// expired leases).
    pub poll_interval: Duration,
    /// Back-off after the first failure; doubled for each further one…
    pub backoff_base: Duration,
    /// …up to this.
    pub backoff_cap: Duration,
}

impl Default for WorkerOptions {
    fn default() -> WorkerOptions {
        WorkerOptions {
            concurrency: 2,
            lease: Duration::from_secs(300),
            poll_interval: Duration::from_millis(250),
            backoff_base: Duration::from_secs(5),
            backoff_cap: Duration::from_secs(3600),
        }
    }
}

/// The wait before attempt `attempt + 1`, after `attempt` failed runs: `base · 2^(attempt-1)`,
/// capped, then between half and all of it at random (jitter, so retries of many jobs failing
/// together spread out).
pub fn backoff(attempt: i32, base: Duration, cap: Duration) -> Duration {
    let exponent = attempt.saturating_sub(1).clamp(0, 30) as u32;
    let full = base.saturating_mul(1u32 << exponent).min(cap);
    full.mul_f64(rand::rng().random_range(0.5..=1.0))
}

/// What [`Workers::stop`] did with the jobs in flight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StopReport {
    /// Runs that ended within the grace period.
    pub finished: usize,
    /// Jobs cut off at the end of the grace period and given back to the queue.
    pub released: u64,
}

/// A running set of workers. Dropping it without [`Workers::stop`] abandons its jobs to their
/// leases, as a crash would.
pub struct Workers {
    id: String,
    stop_tx: watch::Sender<bool>,
    dispatcher: tokio::task::JoinHandle<JoinSet<()>>,
    in_flight: Arc<Mutex<HashSet<i64>>>,
    pool: Pool,
}

impl Workers {
    /// Starts claiming jobs from the database behind `pool` (owner connections). `wake`
    /// delivers notifications of [`crate::CHANNEL`] (`kanisa_pg::listen`); without it the
    /// workers only poll.
    pub fn start(
        pool: Pool,
        registry: Registry,
        options: WorkerOptions,
        wake: Option<mpsc::Receiver<String>>,
    ) -> Workers {
        let id = format!(
            "{}-{}",
            std::process::id(),
            &uuid::Uuid::new_v4().simple().to_string()[..8]
        );
        let (stop_tx, stop_rx) = watch::channel(false);
        let notify = Arc::new(Notify::new());
        if let Some(mut wake) = wake {
            let notify = notify.clone();
            let mut stop_rx = stop_rx.clone();
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        got = wake.recv() => match got {
                            Some(_) => notify.notify_one(),
                            None => break,
                        },
                        _ = stop_rx.changed() => break,
                    }
                }
            });
        }
        let in_flight = Arc::new(Mutex::new(HashSet::new()));
        let dispatcher = tokio::spawn(dispatch(Dispatcher {
            id: id.clone(),
            pool: pool.clone(),
            registry: Arc::new(registry),
            options,
            notify,
            stop_rx,
            in_flight: in_flight.clone(),
        }));
        tracing::info!(worker = %id, "job workers started");
        Workers {
            id,
            stop_tx,
            dispatcher,
            in_flight,
            pool,
        }
    }

    /// This set's name in `locked_by`.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Stops claiming, lets the jobs in flight finish within `grace`, then cuts off the rest
    /// and gives them back to the queue (their attempt not counted), so no job is left
    /// running under a live lease.
    pub async fn stop(self, grace: Duration) -> Result<StopReport, JobsError> {
        let _ = self.stop_tx.send(true);
        let mut runs = match self.dispatcher.await {
            Ok(runs) => runs,
            Err(e) => {
                return Err(JobsError::Invalid(format!(
                    "the job dispatcher failed: {e}"
                )));
            }
        };
        let mut report = StopReport::default();
        let deadline = tokio::time::Instant::now() + grace;
        loop {
            match tokio::time::timeout_at(deadline, runs.join_next()).await {
                Ok(Some(_)) => report.finished += 1,
                Ok(None) => break,
                Err(_) => {
                    runs.abort_all();
                    while runs.join_next().await.is_some() {}
                    break;
                }
            }
        }
        let left: Vec<i64> = lock(&self.in_flight).iter().copied().collect();
        if !left.is_empty() {
            let client = self.pool.get().await?;
            report.released = queue::release(&**client, &self.id, &left).await?;
            tracing::info!(worker = %self.id, released = report.released, "unfinished jobs given back to the queue");
        }
        tracing::info!(worker = %self.id, finished = report.finished, "job workers stopped");
        Ok(report)
    }
}

fn lock(set: &Mutex<HashSet<i64>>) -> std::sync::MutexGuard<'_, HashSet<i64>> {
    set.lock().unwrap_or_else(|e| e.into_inner())
}

struct Dispatcher {
    id: String,
    pool: Pool,
    registry: Arc<Registry>,
    options: WorkerOptions,
    notify: Arc<Notify>,
    stop_rx: watch::Receiver<bool>,
    in_flight: Arc<Mutex<HashSet<i64>>>,
}

/// The claim loop; returns the runs still in flight when asked to stop.
async fn dispatch(mut d: Dispatcher) -> JoinSet<()> {
    let slots = Arc::new(Semaphore::new(d.options.concurrency.max(1)));
    let mut runs = JoinSet::new();
    let mut failures = 0u32;
    loop {
        if *d.stop_rx.borrow() {
            break;
        }
        while runs.try_join_next().is_some() {}
        let free = slots.available_permits();
        let claimed = if free == 0 {
            Ok(Vec::new())
        } else {
            claim(&d, free).await
        };
        let full = match claimed {
            Ok(jobs) => {
                failures = 0;
                let full = free > 0 && jobs.len() == free;
                for job in jobs {
                    let Ok(permit) = slots.clone().try_acquire_owned() else {
                        break;
                    };
                    lock(&d.in_flight).insert(job.id);
                    let run = Run {
                        worker: d.id.clone(),
                        pool: d.pool.clone(),
                        registry: d.registry.clone(),
                        options: d.options.clone(),
                        in_flight: d.in_flight.clone(),
                    };
                    runs.spawn(async move {
                        run.run(job).await;
                        drop(permit);
                    });
                }
                full
            }
            Err(e) => {
                failures = failures.saturating_add(1);
                if failures == 1 || failures.is_power_of_two() {
                    tracing::warn!(worker = %d.id, error = %e, "cannot claim jobs");
                }
                false
            }
        };
        if full && slots.available_permits() > 0 {
            continue; // more may be due
        }
        tokio::select! {
            () = d.notify.notified() => {}
            () = tokio::time::sleep(d.options.poll_interval) => {}
            _ = slots.acquire(), if slots.available_permits() == 0 => {}
            _ = d.stop_rx.changed() => {}
        }
    }
    runs
}

async fn claim(d: &Dispatcher, free: usize) -> Result<Vec<Job>, JobsError> {
    let client = d.pool.get().await?;
    queue::claim(&**client, &d.id, d.options.lease, free as i64).await
}

struct Run {
    worker: String,
    pool: Pool,
    registry: Arc<Registry>,
    options: WorkerOptions,
    in_flight: Arc<Mutex<HashSet<i64>>>,
}

impl Run {
    #[tracing::instrument(skip_all, fields(job = job.id, kind = %job.kind, attempt = job.attempt))]
    async fn run(self, job: Job) {
        let result = if job.attempt > job.max_attempts {
            // Claimed again after its lease ran out on the last attempt: its worker died
            // (or overran) every time.
            Err(JobFailure::permanent(format!(
                "the worker running attempt {} of {} stopped before finishing (lease expired)",
                job.max_attempts, job.max_attempts
            )))
        } else {
            match self.registry.handlers.get(&job.kind) {
                None => Err(JobFailure::permanent(format!(
                    "no handler for job kind {:?} in this Kanisa (known kinds: {})",
                    job.kind,
                    {
                        let mut kinds: Vec<&str> = self.registry.kinds().collect();
                        kinds.sort_unstable();
                        if kinds.is_empty() {
                            "none".to_owned()
                        } else {
                            kinds.join(", ")
                        }
                    }
                ))),
                // Stay within the lease: past it another worker may already run the job.
                Some(handler) => {
                    match tokio::time::timeout(self.options.lease, handler.run_boxed(&job)).await {
                        Ok(result) => result,
                        Err(_) => Err(JobFailure::retry(format!(
                            "timed out after {:?} (the lease)",
                            self.options.lease
                        ))),
                    }
                }
            }
        };
        let outcome = match &result {
            Ok(()) => Outcome::Done,
            Err(f) if !f.permanent && job.attempt < job.max_attempts => Outcome::Retry {
                after: backoff(
                    job.attempt,
                    self.options.backoff_base,
                    self.options.backoff_cap,
                ),
                error: &f.message,
            },
            Err(f) => Outcome::Failed { error: &f.message },
        };
        match &outcome {
            Outcome::Done => tracing::debug!("job done"),
            Outcome::Retry { after, error } => {
                tracing::info!(retry_in = ?after, error = %error, "job failed; will retry");
            }
            Outcome::Failed { error } => tracing::warn!(error = %error, "job failed"),
        }
        let written = match self.pool.get().await {
            Ok(client) => queue::finish(&**client, &self.worker, job.id, outcome).await,
            Err(e) => Err(e.into()),
        };
        match written {
            Ok(true) => {}
            Ok(false) => tracing::warn!(
                "job outcome not recorded: its lease ran out and another worker holds it"
            ),
            // The lease will run out and the job run again.
            Err(e) => tracing::warn!(error = %e, "cannot record the job's outcome"),
        }
        lock(&self.in_flight).remove(&job.id);
    }
}
