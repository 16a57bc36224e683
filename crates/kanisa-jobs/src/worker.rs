//! Workers: one claim loop per [`Workers`] set, running up to `concurrency` jobs at a time,
//! woken by `NOTIFY kanisa_jobs` or a short poll, stopped with a grace period; beside it the
//! set's scheduler of periodic jobs (`periodic.rs`). Both are supervised: a panic restarts the
//! loop instead of ending it, so the queue and the schedules never stop while the server runs.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kanisa_pg::Pool;
use rand::Rng;
use tokio::sync::{Notify, Semaphore, mpsc, watch};
use tokio::task::JoinSet;

use crate::error::JobsError;
use crate::job::JobFailure;
use crate::periodic::Scheduler;
use crate::queue::{self, Claimed, Outcome};
use crate::registry::Registry;

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
    scheduler: tokio::task::JoinHandle<()>,
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
    ) -> Result<Workers, JobsError> {
        registry.check()?;
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
        let scheduler = tokio::spawn(supervise_scheduler(
            pool.clone(),
            registry.periodic().to_vec(),
            stop_rx.clone(),
        ));
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
        Ok(Workers {
            id,
            stop_tx,
            dispatcher,
            scheduler,
            in_flight,
            pool,
        })
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
        let _ = self.scheduler.await;
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

/// Runs the scheduler until the stop; a panic in it is logged and the scheduler started again
/// a second later, so no periodic kind is left without its next slot.
async fn supervise_scheduler(
    pool: Pool,
    periodic: Vec<crate::registry::Periodic>,
    stop_rx: watch::Receiver<bool>,
) {
    loop {
        let scheduler = Scheduler {
            pool: pool.clone(),
            periodic: periodic.clone(),
            stop_rx: stop_rx.clone(),
        };
        match tokio::spawn(scheduler.run()).await {
            Ok(()) => break,
            Err(e) => {
                tracing::error!(error = %e, "the periodic job scheduler stopped; starting it again");
                if *stop_rx.borrow() {
                    break;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
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
                    lock(&d.in_flight).insert(job.id());
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

async fn claim(d: &Dispatcher, free: usize) -> Result<Vec<Claimed>, JobsError> {
    let client = d.pool.get().await?;
    queue::claim(&**client, &d.id, d.options.lease, free as i64).await
}

const SKIPPED: &str =
    "no instance ran this slot before the next one began; the next one ran instead";

/// A task that ends with its handle: a run cut off at a graceful stop takes its work with it.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

struct Run {
    worker: String,
    pool: Pool,
    registry: Arc<Registry>,
    options: WorkerOptions,
    in_flight: Arc<Mutex<HashSet<i64>>>,
}

impl Run {
    #[tracing::instrument(skip_all, fields(job = job.id(), kind = %job.kind, attempt = job.info.attempt))]
    async fn run(self, job: Claimed) {
        let periodic = self
            .registry
            .periodic()
            .iter()
            .find(|p| p.kind == job.kind)
            .map(|p| p.every);
        if let Some(every) = periodic
            && job.info.attempt == 1
            && crate::periodic::slot_start(chrono::Utc::now(), every) > job.info.run_at
        {
            // A slot queued before the instances stopped (or while every worker was busy)
            // whose time has passed: the current slot, queued by the scheduler, does the work,
            // so missed slots make one run, not one each.
            self.finish(&job, Outcome::Skipped { reason: SKIPPED })
                .await;
            return;
        }
        let result = if job.info.attempt > job.info.max_attempts {
            // Claimed again after its lease ran out on the last attempt: its worker died
            // (or overran) every time.
            Err(JobFailure::permanent(format!(
                "the worker running attempt {} of {} stopped before finishing (lease expired)",
                job.info.max_attempts, job.info.max_attempts
            )))
        } else {
            // Its own task, so a panic fails this run instead of the worker; cut off at the
            // lease, past which another worker may already run the job.
            let registry = self.registry.clone();
            let claimed = job.clone();
            let mut task = AbortOnDrop(tokio::spawn(async move { registry.run(&claimed).await }));
            match tokio::time::timeout(self.options.lease, &mut task.0).await {
                Ok(Ok(result)) => result,
                Ok(Err(e)) => Err(JobFailure::retry(format!("the job's work failed: {e}"))),
                Err(_) => {
                    task.0.abort();
                    Err(JobFailure::retry(format!(
                        "timed out after {:?} (the lease)",
                        self.options.lease
                    )))
                }
            }
        };
        let periodic = periodic.is_some();
        let outcome = match &result {
            Ok(()) => Outcome::Done,
            Err(f) if !f.permanent && job.info.attempt < job.info.max_attempts => Outcome::Retry {
                after: backoff(
                    job.info.attempt,
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
            Outcome::Failed { error } if periodic => tracing::error!(
                error = %error,
                slot = job.info.unique_key.as_deref().unwrap_or(""),
                "a periodic job failed for good; its next slot runs as scheduled"
            ),
            Outcome::Failed { error } => tracing::warn!(error = %error, "job failed"),
            Outcome::Skipped { reason } => tracing::info!(%reason, "periodic slot skipped"),
        }
        self.finish(&job, outcome).await;
    }

    /// Records the outcome (while this worker still holds the job) and lets the job go.
    async fn finish(&self, job: &Claimed, outcome: Outcome<'_>) {
        let written = match self.pool.get().await {
            Ok(client) => queue::finish(&**client, &self.worker, job.id(), outcome).await,
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
        lock(&self.in_flight).remove(&job.id());
    }
}
