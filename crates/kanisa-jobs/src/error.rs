/// What can go wrong talking to the queue. Failures of a job's own work are not errors of the
/// queue: they are [`crate::JobFailure`]s, recorded on the job.
#[derive(Debug, thiserror::Error)]
pub enum JobsError {
    #[error("job queue: {}", kanisa_pg::describe(.0))]
    Database(#[from] tokio_postgres::Error),

    #[error("job queue: no database connection: {0}")]
    Pool(#[from] kanisa_pg::deadpool_postgres::PoolError),

    #[error("job queue: {0}")]
    Invalid(String),
}
