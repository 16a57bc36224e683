//! The `kanisa` binary: command-line parsing and wiring of the library crates. No logic of its
//! own beyond the order in which things start and stop.
//!
//! `kanisa serve` starts in this order: the configuration (a bad variable is named) → the
//! database (managed: the data-dir lock, initdb on first use, an orphaned postmaster stopped,
//! postgres started and supervised; or `DATABASE_URL`) → migrations under an advisory lock →
//! policies → the demo seed on a brand-new cluster → the first Super Admin if none → the JWT
//! secret → the job workers with every feature's jobs (`Functions::jobs`) → listen. On
//! SIGINT/SIGTERM: stop accepting, finish requests in flight, stop the workers (jobs in flight
//! get 10 s, then go back to the queue), stop a managed postgres (fast shutdown), exit 0.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use kanisa_config::{Config, DatabaseConfig, LogFormat};
use kanisa_pg::{Access, Database, MigrationState};

/// jemalloc with its background thread gives freed memory back to the system within seconds,
/// even when the threads that freed it go idle; glibc's allocator kept what a burst of
/// connections used (RSS stayed 40 % above its idle level after a flood), and so did mimalloc
/// on an idle runtime.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(
    name = "kanisa",
    version,
    about = "Kanisa: website, giving and back office of a congregation",
    long_about = "Kanisa: website, giving and back office of a congregation.\n\n\
        Configuration comes from the environment (and an optional .env file); see README.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site, the back office and the API (the default).
    Serve,
    /// Apply pending migrations and the policy files.
    Migrate {
        /// List migrations and whether each is applied; change nothing.
        #[arg(long)]
        status: bool,
    },
    /// Load content into the database.
    Seed {
        /// The built-in demo content (idempotent).
        #[arg(long, required = true)]
        demo: bool,
    },
    /// Manage staff accounts.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Write the whole database to a file (pg_dump custom format); or, with --base, take a
    /// base backup of the managed cluster to the backup destination (KANISA_BACKUP_URL) now;
    /// or, with --drill, prove the backups restore.
    Backup {
        #[arg(required_unless_present_any = ["base", "drill"])]
        file: Option<PathBuf>,
        #[arg(long, conflicts_with_all = ["file", "drill"])]
        base: bool,
        /// Restore the latest base backup into a scratch cluster and compare every table's
        /// checksum with the live database (and look up every stored file at the destination).
        #[arg(long, conflicts_with = "file")]
        drill: bool,
    },
    /// Replace the database with a dump file, or with `--dump NAME` one of the scheduled dumps
    /// at the backup destination (with DATABASE_URL; its stored files are brought back too);
    /// or build a new data dir from the backup destination as it was at a moment:
    /// `--at "2026-11-27 10:04+03:00" --into DIR`, or everything there is: `--latest --into
    /// DIR`. The live data dir is never touched by --into.
    Restore {
        #[arg(required_unless_present_any = ["into", "dump"])]
        file: Option<PathBuf>,
        /// A scheduled dump at the backup destination: `kanisa-20261127T010000Z.dump` (as
        /// Settings and the activity log name it, with or without `dumps/`).
        #[arg(long, conflicts_with_all = ["file", "into"])]
        dump: Option<String>,
        /// The moment, with its offset: "2026-11-27 10:04+03:00".
        #[arg(long, requires = "into", conflicts_with_all = ["file", "latest"])]
        at: Option<String>,
        /// Everything the destination holds (for a lost machine).
        #[arg(long, requires = "into", conflicts_with = "file")]
        latest: bool,
        /// The new data dir (a new or empty folder).
        #[arg(long, conflicts_with = "file")]
        into: Option<PathBuf>,
        /// Where the backups are, when not at KANISA_BACKUP_URL or the default folder: the
        /// destination System Settings names (`file:///path` or `s3://bucket/prefix`).
        #[arg(long, conflicts_with = "file")]
        from: Option<String>,
    },
    /// List every data table with its row count and a checksum of its content.
    Tables,
    /// Print the API keys: `anon` (for the apps) and `service_role` (servers only; secret).
    Keys,
    /// An interactive console for the table API: requests as anon, the service key or any
    /// user (`\as`), results as tables or JSON, the SQL they run (`\sql`).
    Console,
    /// Run one table-API request as the console takes it, e.g. "get sermons?limit=5", and
    /// print the answer; exits non-zero when it is a 4xx or 5xx.
    Query {
        /// The request: `get|head|post|patch|delete <table>[?query] [json]` or
        /// `rpc <function> [json]`.
        request: String,
        /// Who asks: anon, service, or a user's e-mail.
        #[arg(long = "as", value_name = "WHO", default_value = "anon")]
        who: String,
        /// Print only the body as JSON (the status line goes to standard error).
        #[arg(long)]
        json: bool,
    },
    /// File storage.
    Storage {
        #[command(subcommand)]
        command: StorageCommand,
    },
    /// Generate code from the database schema.
    Gen {
        #[command(subcommand)]
        command: GenCommand,
    },
}

#[derive(Subcommand)]
enum StorageCommand {
    /// Compare file metadata with the stored files and report orphans either way: rows without
    /// bytes, bytes without a row, writes a crashed process left half-done.
    Check {
        /// Repair: delete rows without bytes, unreferenced bytes older than ten minutes
        /// (younger ones may belong to an upload finishing right now) and half-done writes.
        #[arg(long)]
        fix: bool,
    },
}

#[derive(Subcommand)]
enum GenCommand {
    /// TypeScript types of the tables, views, functions and value sets, for apps/client
    /// (applies pending migrations first).
    Types {
        #[arg(long, default_value = "apps/client/src/database.types.ts")]
        out: PathBuf,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create a staff account. The password comes from KANISA_ADMIN_PASSWORD or a prompt.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// SUPER_ADMIN, ADMIN, FINANCE_ADMIN, CONTENT_ADMIN, MEMBER_ADMIN, ELDER, ...
        #[arg(long, default_value = "ADMIN")]
        role: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Before any thread starts: each client connection is an open file.
    kanisa_server::raise_open_file_limit();
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kanisa: configuration error: {e}");
            return ExitCode::from(2);
        }
    };
    let serving = matches!(cli.command, None | Some(Command::Serve));
    init_tracing(&config, serving);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("kanisa: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli.command.unwrap_or(Command::Serve), config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kanisa: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing(config: &Config, serving: bool) {
    let default = if serving { "info" } else { "warn" };
    // tokio-postgres logs statement parameters at debug level; they include password hashes
    // and token digests, so it never logs below info whatever RUST_LOG asks.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default))
        .add_directive("tokio_postgres=info".parse().expect("a valid directive"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match config.log_format {
        LogFormat::Json => builder.json().init(),
        LogFormat::Text => builder.compact().init(),
    }
}

async fn run(command: Command, config: Config) -> Result<()> {
    if let Command::Keys = command {
        let keys = kanisa_auth::JwtKeys::new(&jwt_secret(&config)?);
        println!("anon          {}", keys.api_key("anon")?);
        println!("service_role  {}", keys.api_key("service_role")?);
        return Ok(());
    }
    if let Command::Restore {
        into: Some(into),
        at,
        latest,
        from,
        ..
    } = &command
    {
        return restore_to_moment(&config, into, at.as_deref(), *latest, from.as_deref()).await;
    }
    let access = match command {
        Command::Serve | Command::Restore { .. } => Access::Exclusive,
        _ => Access::Shared,
    };
    let db = Database::open(&config, access).await?;
    // Whatever happens next, a cluster this process started is stopped before exiting.
    let result = dispatch(command, &config, &db).await;
    let closed = db.close().await;
    result?;
    closed?;
    Ok(())
}

async fn dispatch(command: Command, config: &Config, db: &Database) -> Result<()> {
    match command {
        Command::Serve => serve(config, db).await,
        Command::Migrate { status: true } => {
            let client = db.connect().await?;
            let migrations = kanisa_pg::embedded_migrations()?;
            for m in kanisa_pg::migration_status(&client, &migrations).await? {
                match m.state {
                    MigrationState::Applied { at } => println!("applied  {at}  {}", m.file),
                    MigrationState::Pending => println!("pending  {:<23}  {}", "", m.file),
                }
            }
            Ok(())
        }
        Command::Migrate { status: false } => {
            let applied = migrate(db).await?;
            if applied.is_empty() {
                println!("The database is up to date; policies re-applied.");
            } else {
                for file in applied {
                    println!("applied {file}");
                }
            }
            Ok(())
        }
        Command::Seed { .. } => {
            migrate(db).await?;
            let mut client = db.connect().await?;
            kanisa_pg::seed_demo(&mut client).await?;
            println!("Demo content loaded.");
            Ok(())
        }
        Command::Admin {
            command: AdminCommand::Create { email, name, role },
        } => {
            migrate(db).await?;
            let password = admin_password()?;
            let mut client = db.connect().await?;
            let user = kanisa_auth::NewUser {
                email,
                full_name: name,
                role,
                password,
            };
            let created = kanisa_auth::create_user(&mut client, &user).await?;
            println!(
                "Created {} ({}) with id {}.",
                created.email, created.role, created.id
            );
            Ok(())
        }
        Command::Backup { base: true, .. } => base_backup_now(config, db).await,
        Command::Backup { drill: true, .. } => drill_now(config, db).await,
        Command::Backup { file, .. } => {
            let file = file.context("name the file to write")?;
            kanisa_pg::backup(db, &file).await?;
            let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
            println!("Backup written to {} ({size} bytes).", file.display());
            Ok(())
        }
        Command::Restore {
            dump: Some(name),
            from,
            ..
        } => restore_stored_dump(config, db, &name, from.as_deref()).await,
        Command::Restore { file, .. } => {
            let file = file.context("name the backup file, or --at/--latest with --into")?;
            kanisa_pg::restore(db, &file).await?;
            // A backup from an older Kanisa is brought up to this build's schema.
            migrate(db).await?;
            println!("Restored {}.", file.display());
            Ok(())
        }
        Command::Keys => Ok(()),
        Command::Tables => {
            let client = db.connect().await?;
            for t in kanisa_pg::table_checksums(&client).await? {
                println!("{:<40} {:>8} {}", t.table, t.rows, t.md5);
            }
            Ok(())
        }
        Command::Console => {
            // `\listen` runs on a hub of its own, fed by the change feed like a server's.
            let hub = kanisa_realtime::Hub::new(db.service_pool.clone(), db.pool.clone());
            let feed =
                kanisa_realtime::feed::Feed::start(db.service_pool.clone(), db.pg_config.clone())
                    .await
                    .map_err(|e| anyhow::anyhow!("cannot start realtime's change feed: {e}"))?;
            hub.deliver_from(feed);
            let console = open_console(db).await?.with_realtime(hub);
            let history = config.data_dir.join("console_history");
            kanisa_console::terminal::run(console, &history).await?;
            Ok(())
        }
        Command::Query { request, who, json } => query(db, &request, &who, json).await,
        Command::Storage {
            command: StorageCommand::Check { fix },
        } => {
            let store = kanisa_storage::Store::from_url(&config.storage_url)?;
            let grace = std::time::Duration::from_secs(600);
            let report = kanisa_storage::check(&store, &db.service_pool, fix, grace).await?;
            for line in report.lines() {
                println!("{line}");
            }
            if !report.is_consistent() {
                bail!("files and their metadata disagree; `kanisa storage check --fix` repairs");
            }
            Ok(())
        }
        Command::Gen {
            command: GenCommand::Types { out },
        } => {
            migrate(db).await?;
            let client = db.connect().await?;
            let schema = kanisa_rest::SchemaCache::load(&client)
                .await
                .map_err(|e| anyhow::anyhow!("cannot read the database schema: {e}"))?;
            std::fs::write(&out, kanisa_console::typescript(&schema))
                .with_context(|| format!("cannot write {}", out.display()))?;
            println!("Wrote {}.", out.display());
            Ok(())
        }
    }
}

/// The console over this database's table API, without the anonymous read cache (every
/// request reaches PostgreSQL), looking users and policies up on the owner connections.
async fn open_console(db: &Database) -> Result<kanisa_console::Console> {
    let config = kanisa_rest::RestConfig {
        anon_cache_entries: 0,
        ..kanisa_rest::RestConfig::default()
    };
    let rest = kanisa_rest::Rest::new(db.pool.clone(), config)
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the database schema: {e}"))?;
    if rest.cache().tables.is_empty() {
        bail!("the database has no tables yet: run `kanisa migrate` (and `kanisa seed --demo`)");
    }
    Ok(kanisa_console::Console::new(
        std::sync::Arc::new(rest),
        db.service_pool.clone(),
    ))
}

/// `kanisa query`: one request, its answer on standard output.
async fn query(db: &Database, request: &str, who: &str, json: bool) -> Result<()> {
    let mut console = open_console(db).await?;
    console.set_identity(who).await?;
    let answer = console.query(request).await?;
    if json {
        if let Some(body) = &answer.body {
            println!("{}", kanisa_console::render_json(body));
        }
        for text in answer.denial.iter().chain(&answer.note) {
            eprintln!("{text}");
        }
        eprintln!("{}", answer.status_line());
    } else {
        println!("{}", answer.render(kanisa_console::Format::Table));
    }
    if answer.status >= 400 {
        bail!("the request was answered with {}", answer.status);
    }
    Ok(())
}

/// Pending migrations, then every policy file.
async fn migrate(db: &Database) -> Result<Vec<String>> {
    let mut client = db.connect().await?;
    let migrations = kanisa_pg::embedded_migrations()?;
    let applied = kanisa_pg::migrate(&mut client, &migrations).await?;
    kanisa_pg::apply_policies(&mut client, &kanisa_pg::embedded_policies()).await?;
    Ok(applied)
}

async fn serve(config: &Config, db: &Database) -> Result<()> {
    migrate(db).await?;
    let mut client = db.connect().await?;
    if db.freshly_created() {
        kanisa_pg::seed_demo(&mut client).await?;
        tracing::info!("demo content loaded into the new database");
    }
    let first_admin = kanisa_auth::ensure_first_admin(
        &mut client,
        config.first_admin.email.as_deref(),
        config.first_admin.password.as_ref().map(|s| s.expose()),
    )
    .await?;
    drop(client);
    let secret = jwt_secret(config)?;
    let jwt = std::sync::Arc::new(kanisa_auth::JwtKeys::new(&secret));
    let mut auth_options = kanisa_auth::AuthOptions::new(&secret);
    auth_options.sign_in_limit.0 = config.sign_in_limit;
    auth_options.otp_limit.0 = config.sign_in_limit;
    auth_options.verify_limit.0 = config.sign_in_limit;
    if let Some(url) = &config.public_url {
        auth_options.issuer = format!("{}/auth/v1", url.as_str().trim_end_matches('/'));
    }
    let auth = std::sync::Arc::new(kanisa_auth::Auth::new(
        db.service_pool.clone(),
        jwt.clone(),
        auth_options,
    )?);

    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("cannot listen on {} (KANISA_ADDR)", config.addr))?;
    let rest = kanisa_rest::Rest::new(db.pool.clone(), kanisa_rest::RestConfig::default())
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the database schema: {e}"))?;
    let rest = std::sync::Arc::new(rest);
    // Every instance hears schema changes and table writes, whoever made them.
    let notifications = kanisa_pg::listen(db.pg_config.clone(), "kanisa");
    let follower = rest.clone();
    tokio::spawn(async move { follower.follow_notifications(notifications).await });
    let mut state = kanisa_server::AppState::new(
        db.pool.clone(),
        rest,
        jwt,
        auth.clone(),
        config.apps_dir.clone(),
    );
    if let Some(url) = &config.public_url {
        state = state.with_public_url(url.as_str());
    }
    let storage = std::sync::Arc::new(kanisa_storage::Storage::new(
        kanisa_storage::Store::from_url(&config.storage_url)?,
        db.pool.clone(),
        db.service_pool.clone(),
        &secret,
        kanisa_storage::StorageOptions::default(),
    ));
    let channels = std::sync::Arc::new(channels(config, db)?);
    let payments = std::sync::Arc::new(payments(config, db));
    // The managed cluster's WAL and the stored files go to the backup destination from now on
    // (its key made now if there is none, so the recovery sheet can show it).
    let destination = backup_destination(config, db)?;
    let dumps = dump_destination(config, db)?;
    let mut functions = kanisa_functions::Functions::new(
        db.pool.clone(),
        db.service_pool.clone(),
        Some(storage.clone()),
        channels.clone(),
    )
    .with_payments(payments)
    .with_sign_in(auth)
    .with_sms_report_secret(
        config
            .sms
            .report_secret
            .as_ref()
            .map(|s| s.expose().to_owned()),
    );
    if let Some(destinations) = destination.as_ref().or(dumps.as_ref())
        && destinations.key().is_some()
    {
        functions = functions.with_recovery_sheet(kanisa_functions::RecoverySheet::new(
            db.pool.clone(),
            destinations.clone(),
        ));
    }
    let functions = std::sync::Arc::new(functions);
    // Realtime: this instance's hub, fed by the change feed it reads on its own.
    let hub = kanisa_realtime::Hub::new(db.service_pool.clone(), db.pool.clone());
    let feed = kanisa_realtime::feed::Feed::start(db.service_pool.clone(), db.pg_config.clone())
        .await
        .map_err(|e| anyhow::anyhow!("cannot start realtime's change feed: {e}"))?;
    hub.deliver_from(feed);
    hub.rooms().relay_from(db.pg_config.clone()).await;
    let rooms = hub.rooms().clone();
    let state = state
        .with_realtime(
            hub,
            kanisa_realtime::Limits {
                sockets_per_client: config.realtime.sockets_per_client,
                channels_per_socket: config.realtime.channels_per_socket,
                joins_per_second: config.realtime.joins_per_second,
                max_message_bytes: config.realtime.max_message_bytes,
                anon_broadcast: config.realtime.anon_broadcast,
                ..kanisa_realtime::Limits::default()
            },
        )
        .with_trusted_proxies(config.trusted_proxies.clone())
        .with_storage(storage.clone())
        .with_functions(functions.clone());
    let app = kanisa_server::router(state);
    let options = kanisa_server::ServeOptions::from_config(&config.http, &config.trusted_proxies);

    print_banner(config, first_admin.as_ref())?;
    // Serve until a signal, or until the managed cluster's supervisor gives up on a database
    // that keeps crashing: then stop, loudly, so a service manager or a person takes over.
    let given_up = std::sync::Arc::new(std::sync::Mutex::new(None));
    let stop = {
        let given_up = given_up.clone();
        let cluster_failed = db.given_up();
        async move {
            tokio::select! {
                () = shutdown_signal() => {}
                reason = cluster_failed => {
                    *given_up.lock().unwrap_or_else(|e| e.into_inner()) = Some(reason);
                }
            }
        }
    };
    let archiver = match &destination {
        Some(destinations) => {
            let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
            let every = std::time::Duration::from_secs(config.backups.ship_every_secs);
            let task = archiver(config, db, destinations, every)?.spawn(stop_rx);
            Some((stop_tx, task))
        }
        None => None,
    };
    // Jobs run on the owner's connections, from now until the server has stopped answering.
    let workers = start_workers(config, db, &functions, destination, dumps)?;
    let served = kanisa_server::serve(listener, app, options, stop).await;
    // Presences held here leave now, for the channels on the other instances.
    rooms.end().await;
    if let Some(workers) = workers {
        match workers.stop(JOB_GRACE).await {
            Ok(report) if report.released > 0 => tracing::info!(
                released = report.released,
                "jobs still running at shutdown were given back to the queue"
            ),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "job workers did not stop cleanly"),
        }
    }
    if let Some((stop_archiver, task)) = archiver {
        // The last minute's writes go to the archive too: finish the segment, let PostgreSQL
        // copy it, and ship it with the last pass.
        match kanisa_pg::BackupTool::of(db)?
            .switch_wal_and_wait(std::time::Duration::from_secs(10))
            .await
        {
            Ok(true) => {}
            Ok(false) => tracing::warn!(
                "the last WAL segment was not archived within 10 s; it ships at the next start"
            ),
            Err(e) => tracing::warn!(error = %e, "cannot finish the last WAL segment"),
        }
        let _ = stop_archiver.send(true);
        let _ = task.await;
    }
    served?;
    if let Some(reason) = given_up.lock().unwrap_or_else(|e| e.into_inner()).take() {
        bail!("{reason}");
    }
    tracing::info!("stopped serving; shutting down");
    Ok(())
}

/// How long jobs in flight may take to finish at shutdown before they are given back.
const JOB_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// Which channels are live: the environment first, then System Settings (kanisa-functions'
/// `Channels`). A bad `KANISA_SMTP_URL` stops the start, whichever instance would send.
fn channels(config: &Config, db: &Database) -> Result<kanisa_functions::Channels> {
    let env = kanisa_functions::ChannelsConfig {
        smtp_url: config.smtp.url.as_ref().map(|u| u.expose().to_owned()),
        smtp_from: config.smtp.from.clone(),
        sms_env: config
            .sms
            .api_key
            .as_ref()
            .map(|key| kanisa_functions::SmsSettings {
                provider: config
                    .sms
                    .provider
                    .as_deref()
                    .map(|p| p.replace("africastalking", "africas_talking")),
                username: config.sms.username.clone(),
                api_key: Some(key.expose().to_owned()),
                sender_id: config.sms.sender_id.clone(),
            }),
        sms_base_url: config.sms.base_url.clone(),
    };
    Ok(kanisa_functions::Channels::new(
        env,
        db.service_pool.clone(),
    )?)
}

/// The address people and providers reach this site at.
fn public_url(config: &Config) -> String {
    match &config.public_url {
        Some(u) => u.as_str().trim_end_matches('/').to_owned(),
        None => format!("http://{}", config.addr),
    }
}

/// Online giving: the provider from the environment (`KANISA_PAYMENT_*`), else System
/// Settings, else demo mode.
fn payments(config: &Config, db: &Database) -> kanisa_functions::Payments {
    let p = &config.payments;
    let mut setup = kanisa_functions::PaymentsSetup::new(&public_url(config));
    setup.provider = p.provider.clone();
    setup.consumer_key = p.consumer_key.as_ref().map(|s| s.expose().to_owned());
    setup.consumer_secret = p.consumer_secret.as_ref().map(|s| s.expose().to_owned());
    setup.shortcode = p.shortcode.clone();
    setup.passkey = p.passkey.as_ref().map(|s| s.expose().to_owned());
    setup.base_url = p.base_url.clone();
    setup.private_key = p.private_key.as_ref().map(|s| s.expose().to_owned());
    setup.account_number = p.account_number.clone();
    setup.callback_secret = p.callback_secret.as_ref().map(|s| s.expose().to_owned());
    setup.reconcile_after = std::time::Duration::from_secs(p.reconcile_after_secs);
    setup.expire_after = std::time::Duration::from_secs(p.expire_after_secs);
    kanisa_functions::Payments::new(db.service_pool.clone(), setup)
}

/// The job workers (`KANISA_JOB_WORKERS`, none when 0), woken by `NOTIFY kanisa_jobs`, with
/// every feature's job kinds and periodic schedules (`Functions::jobs`, the one place jobs
/// are wired) and the scheduled backups.
/// Where the drill restores (a scratch folder in the data dir) and with which PostgreSQL.
fn drill_options(config: &Config) -> Result<kanisa_backup::drill::DrillOptions> {
    let kanisa_config::DatabaseConfig::Managed(managed) = &config.database else {
        bail!("the drill is for the managed cluster");
    };
    Ok(kanisa_backup::drill::DrillOptions {
        scratch: config.data_dir.join("drill-scratch"),
        bin_dir: managed.bin_dir.clone(),
        os_user: managed.os_user.clone(),
        ship_wait: std::time::Duration::from_secs(120),
        wait_turn: false,
    })
}

/// The shipper of the managed cluster's WAL spool and of the stored files to the destination.
fn archiver(
    config: &Config,
    db: &Database,
    destinations: &kanisa_backup::Destinations,
    every: std::time::Duration,
) -> Result<kanisa_backup::Archiver> {
    let spool = db
        .cluster()
        .and_then(kanisa_pg::Cluster::wal_spool)
        .context("the managed cluster does not archive")?;
    Ok(kanisa_backup::Archiver {
        spool,
        destinations: destinations.clone(),
        service: db.service_pool.clone(),
        store: kanisa_storage::Store::from_url(&config.storage_url)?,
        every,
    })
}

/// `kanisa backup --drill`: the drill now, with a shipper running beside it (a server that runs
/// ships too; either one storing a segment is enough). Exits non-zero when it fails.
async fn drill_now(config: &Config, db: &Database) -> Result<()> {
    let Some(destinations) = backup_destination(config, db)? else {
        bail!("the drill is for the managed cluster's backups");
    };
    let destination = destinations.current().await?.destination;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let shipper =
        archiver(config, db, &destinations, std::time::Duration::from_secs(1))?.spawn(stopped);
    let started = chrono::Utc::now();
    let outcome = kanisa_backup::drill::drill(
        &kanisa_pg::BackupTool::of(db)?,
        &destination,
        &kanisa_backup::drill::DrillOptions {
            wait_turn: true,
            ..drill_options(config)?
        },
    )
    .await;
    let _ = stop.send(true);
    let _ = shipper.await;
    let ok = kanisa_backup::drill::record(&db.service_pool, started, &outcome).await?;
    let report = outcome?;
    if !ok {
        bail!(
            "THE BACKUP DRILL FAILED: {} of {} tables differ after restoring base backup {} to {}:\n  {}",
            report.mismatches.len(),
            report.tables,
            report.base,
            report.restore_point,
            report.mismatches.join("\n  ")
        );
    }
    println!(
        "Drill passed: base backup {} and {} WAL file(s) restored to {}; {} tables ({} rows) equal \
         the live database's checksums; {} stored file(s) found at {} ({} ms).",
        report.base,
        report.wal_files,
        report.restore_point,
        report.tables,
        report.rows,
        report.files,
        destination.url(),
        report.duration_ms
    );
    Ok(())
}

/// `kanisa backup --base`: a base backup of the managed cluster to the destination, then one
/// shipping pass, so the WAL it needs is stored too even when no server runs.
async fn base_backup_now(config: &Config, db: &Database) -> Result<()> {
    let Some(destinations) = backup_destination(config, db)? else {
        bail!(
            "base backups are for the managed cluster; with DATABASE_URL use `kanisa backup FILE` \
             (and the provider's point-in-time recovery)"
        );
    };
    let destination = destinations.current().await?.destination;
    let tool = kanisa_pg::BackupTool::of(db)?;
    let info = kanisa_backup::base::take(
        &tool,
        &config.data_dir.join("backup-work"),
        &destination,
        chrono::Utc::now(),
    )
    .await?;
    tool.switch_wal_and_wait(std::time::Duration::from_secs(30))
        .await?;
    let every = std::time::Duration::from_secs(config.backups.ship_every_secs);
    let pass = archiver(config, db, &destinations, every)?.pass().await?;
    println!(
        "Base backup base/{} stored at {} ({} bytes{}); {} WAL file(s) and {} stored file(s) shipped.",
        info.label,
        destination.url(),
        info.size_bytes,
        if info.encrypted { ", encrypted" } else { "" },
        pass.shipped.files,
        pass.files
    );
    Ok(())
}

/// `kanisa restore --dump NAME`: a scheduled dump from the destination replaces the database
/// (brought up to this build's schema), then the stored files its rows name and the store lacks
/// are copied back from the destination.
async fn restore_stored_dump(
    config: &Config,
    db: &Database,
    name: &str,
    from: Option<&str>,
) -> Result<()> {
    let destination = destinations(config, Some(db), from)?
        .current()
        .await?
        .destination;
    let key = kanisa_functions::dump_key(name.strip_prefix("dumps/").unwrap_or(name));
    let work = config
        .backups
        .dir
        .join(format!(".restore-{}", std::process::id()));
    std::fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    let file = work.join("kanisa.dump");
    let fetched = destination.get_file(&key, &file).await;
    let restored = match fetched {
        Ok(_) => kanisa_pg::restore(db, &file)
            .await
            .map_err(anyhow::Error::from),
        Err(e) => Err(anyhow::Error::from(e)
            .context(format!("cannot fetch {key} from {}", destination.url()))),
    };
    let _ = std::fs::remove_dir_all(&work);
    restored?;
    migrate(db).await?;
    let store = kanisa_storage::Store::from_url(&config.storage_url)?;
    let files = kanisa_backup::files::bring_back(&db.service_pool, &store, &destination).await?;
    println!(
        "Restored {key} from {}; stored files: {} already in the store, {} copied back.",
        destination.url(),
        files.present,
        files.copied
    );
    if !files.missing.is_empty() {
        bail!(
            "{} stored file(s) the restored rows name are neither in the store nor in the backup (first: {})",
            files.missing.len(),
            files.missing[0]
        );
    }
    Ok(())
}

/// `kanisa restore --at T --into DIR` / `--latest --into DIR`.
async fn restore_to_moment(
    config: &Config,
    into: &Path,
    at: Option<&str>,
    latest: bool,
    from: Option<&str>,
) -> Result<()> {
    let at = match (at, latest) {
        (Some(text), _) => Some(parse_moment(text)?),
        (None, true) => None,
        (None, false) => bail!("say which moment: --at \"2026-11-27 10:04+03:00\", or --latest"),
    };
    let kanisa_config::DatabaseConfig::Managed(managed) = &config.database else {
        bail!(
            "with DATABASE_URL the database is restored by its provider (point-in-time recovery); \
             Kanisa's dumps are restored with `kanisa restore FILE`"
        );
    };
    let chosen = destinations(config, None, from)?.current().await?;
    let destination = chosen.destination;
    let restored = kanisa_backup::restore(
        &destination,
        &kanisa_backup::RestoreOptions {
            into: into.to_owned(),
            moment: at.map_or(kanisa_backup::Moment::Latest, kanisa_backup::Moment::At),
            files: kanisa_backup::FilesMode::Copy,
            bin_dir: managed.bin_dir.clone(),
            os_user: managed.os_user.clone(),
            live_data_dir: Some(config.data_dir.clone()),
            checksums: false,
        },
    )
    .await
    .map_err(|e| match (&e, chosen.source) {
        (kanisa_backup::BackupError::NothingToRestore(_), kanisa_backup::Source::Default) => {
            anyhow::Error::from(e).context(format!(
                "nothing to restore at {} (the default folder): if System Settings sends the \
                 backups elsewhere, name that destination with --from",
                destination.url()
            ))
        }
        _ => e.into(),
    })?;
    println!(
        "Restored {} from base backup {} and {} WAL file(s){}; {} stored file(s).",
        match at {
            Some(at) => format!("to {}", at.format("%Y-%m-%d %H:%M:%S UTC")),
            None => "everything the backups hold".to_owned(),
        },
        restored.base.label,
        restored.wal_files,
        restored
            .last_transaction
            .map(|t| format!(" (last change {})", t.format("%Y-%m-%d %H:%M:%S UTC")))
            .unwrap_or_default(),
        restored.files
    );
    println!(
        "Serve it with: KANISA_DATA_DIR={} KANISA_STORAGE_URL=file://{} kanisa serve",
        restored.data_dir.display(),
        restored.storage_dir.display()
    );
    Ok(())
}

/// A moment as people write it, with its offset: "2026-11-27 10:04+03:00", RFC 3339, or "…Z".
fn parse_moment(text: &str) -> Result<chrono::DateTime<chrono::Utc>> {
    let text = text.trim();
    let normal = match text.strip_suffix('Z') {
        Some(rest) => format!("{rest}+00:00"),
        None => text.to_owned(),
    };
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(&normal) {
        return Ok(t.to_utc());
    }
    for format in [
        "%Y-%m-%d %H:%M%#z",
        "%Y-%m-%d %H:%M:%S%#z",
        "%Y-%m-%d %H:%M:%S%.f%#z",
        "%Y-%m-%dT%H:%M%#z",
    ] {
        if let Ok(t) = chrono::DateTime::parse_from_str(&normal, format) {
            return Ok(t.to_utc());
        }
    }
    bail!(
        "cannot read the moment {text:?}: write it with its offset, e.g. \"2026-11-27 10:04+03:00\""
    )
}

/// The backup destinations (`KANISA_BACKUP_URL`, else System Settings, else the default;
/// encrypted with `KANISA_BACKUP_KEY`) for the managed cluster's base backups and WAL; `None`
/// with `DATABASE_URL` (see [`dump_destination`]).
fn backup_destination(
    config: &Config,
    db: &Database,
) -> Result<Option<kanisa_backup::Destinations>> {
    if db.cluster().is_none() {
        return Ok(None);
    }
    destinations(config, Some(db), None).map(Some)
}

/// With `DATABASE_URL`: the destinations of the scheduled dumps and the files' copies.
fn dump_destination(config: &Config, db: &Database) -> Result<Option<kanisa_backup::Destinations>> {
    if db.cluster().is_some() {
        return Ok(None);
    }
    destinations(config, Some(db), None).map(Some)
}

/// Where backups go: `from` (a restore's `--from`) or `KANISA_BACKUP_URL` first, then — with a
/// database to read it from — the setting, then the default folder.
fn destinations(
    config: &Config,
    db: Option<&Database>,
    from: Option<&str>,
) -> Result<kanisa_backup::Destinations> {
    let named = match from {
        Some(text) => Some(url::Url::parse(text.trim()).with_context(|| {
            format!("--from {text:?}: write file:///path or s3://bucket/prefix")
        })?),
        None => (!config.backups.url_is_default).then(|| config.backups.url.clone()),
    };
    let (key, generated) = backup_key(config, db)?;
    let chosen = kanisa_backup::Destinations::new(named, config.backups.url.clone(), key);
    let chosen = if generated {
        chosen.with_generated_key()
    } else {
        chosen
    };
    Ok(match db {
        Some(db) => chosen.with_settings(db.service_pool.clone(), allowed_destinations(config)),
        None => chosen,
    })
}

/// The key that seals the backups, and whether Kanisa generated it: `KANISA_BACKUP_KEY`, else
/// the one in the data dir, which a command that backs up the managed cluster makes if there is
/// none (backups are encrypted by default; Settings shows its recovery sheet). A restore only
/// reads it; with `DATABASE_URL` none is made (instances would each make their own: set
/// `KANISA_BACKUP_KEY` on every one).
fn backup_key(config: &Config, db: Option<&Database>) -> Result<(Option<String>, bool)> {
    if let Some(key) = &config.backups.key {
        return Ok((Some(key.expose().to_owned()), false));
    }
    let key = if db.is_some_and(|db| db.cluster().is_some()) {
        Some(kanisa_backup::seal::generate_key(&config.data_dir)?)
    } else {
        kanisa_backup::seal::generated_key(&config.data_dir)?
    };
    let generated = key.is_some();
    Ok((key, generated))
}

/// Where a destination typed in System Settings may be: under `KANISA_BACKUP_ROOTS` (by default
/// the default folder, /mnt, /media, /srv), never in the data dir or the file store's folder.
fn allowed_destinations(config: &Config) -> kanisa_backup::choice::Allowed {
    let storage = (config.storage_url.scheme() == "file")
        .then(|| config.storage_url.to_file_path().ok())
        .flatten();
    let default = kanisa_backup::choice::Allowed::default_roots(&config.backups.url);
    kanisa_backup::choice::Allowed::new(
        &config.backups.roots,
        &default,
        &config.data_dir,
        storage.as_deref(),
    )
}

fn start_workers(
    config: &Config,
    db: &Database,
    functions: &kanisa_functions::Functions,
    destination: Option<kanisa_backup::Destinations>,
    dumps: Option<kanisa_backup::Destinations>,
) -> Result<Option<kanisa_jobs::Workers>> {
    use std::time::Duration;
    if config.job_workers == 0 {
        tracing::info!("KANISA_JOB_WORKERS=0: this instance runs no jobs");
        return Ok(None);
    }
    let backups = kanisa_functions::Backups::new(
        db.service_pool.clone(),
        kanisa_pg::BackupTool::of(db)?,
        kanisa_functions::BackupSchedule {
            dir: config.backups.dir.clone(),
            check: Duration::from_secs(config.backups.check_secs),
            every: config.backups.every_secs.map(Duration::from_secs),
        },
    );
    let backups = match destination {
        Some(destinations) => backups.with_base(kanisa_functions::BaseBackups {
            destinations,
            work: config.data_dir.join("backup-work"),
            drill: drill_options(config)?,
        }),
        None => match dumps {
            Some(destinations) => backups.with_dumps(kanisa_functions::DumpBackups {
                destinations,
                store: Some(kanisa_storage::Store::from_url(&config.storage_url)?),
            }),
            None => backups,
        },
    };
    let registry = functions.jobs(kanisa_functions::JobsSetup {
        public_url: public_url(config),
        reconcile_every: Duration::from_secs(config.payments.reconcile_every_secs),
        notify_every: Duration::from_secs(config.notify_check_secs),
        backups: Some(backups),
    });
    let options = kanisa_jobs::WorkerOptions {
        concurrency: config.job_workers,
        lease: Duration::from_secs(config.job_lease_secs),
        ..kanisa_jobs::WorkerOptions::default()
    };
    let wake = kanisa_pg::listen(db.pg_config.clone(), kanisa_jobs::CHANNEL);
    Ok(Some(kanisa_jobs::Workers::start(
        db.service_pool.clone(),
        registry,
        options,
        Some(wake),
    )?))
}

/// The signing secret: `KANISA_JWT_SECRET`, or the secret kept in the data dir.
fn jwt_secret(config: &Config) -> Result<String> {
    Ok(match &config.jwt_secret {
        Some(s) => s.expose().to_owned(),
        None => kanisa_auth::load_or_create_jwt_secret(&config.data_dir)?,
    })
}

fn print_banner(config: &Config, first_admin: Option<&kanisa_auth::FirstAdmin>) -> Result<()> {
    let url = match &config.public_url {
        Some(u) => u.to_string(),
        None => format!("http://{}/", config.addr),
    };
    let note = config.data_dir.join("initial-admin.txt");
    let mut lines = vec![format!(
        "Kanisa is serving on {url}  (back office: {url}admin/)"
    )];
    lines.extend(config.banner().into_iter().map(|l| format!("  {l}")));
    match first_admin {
        Some(admin) => match &admin.generated_password {
            Some(password) => {
                write_initial_admin(&note, &admin.email, password)?;
                lines.push(format!(
                    "First Super Admin: {}  password: {password}  (also in {}; change it after signing in)",
                    admin.email,
                    note.display()
                ));
            }
            None => lines.push(format!(
                "First Super Admin: {} (password from KANISA_ADMIN_PASSWORD)",
                admin.email
            )),
        },
        None => {
            if let Ok(text) = std::fs::read_to_string(&note) {
                lines.push(format!(
                    "First Super Admin ({}): {}",
                    note.display(),
                    text.trim()
                ));
            }
        }
    }
    if matches!(config.database, DatabaseConfig::External { .. }) {
        lines.push("  (using DATABASE_URL; the data dir holds only the JWT secret)".into());
    }
    println!("{}", lines.join("\n"));
    Ok(())
}

fn write_initial_admin(path: &Path, email: &str, password: &str) -> Result<()> {
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    // With DATABASE_URL and KANISA_JWT_SECRET nothing else has made the data dir yet.
    if let Some(dir) = path.parent() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    writeln!(file, "{email}  password: {password}")?;
    Ok(())
}

fn admin_password() -> Result<String> {
    if let Ok(p) = std::env::var("KANISA_ADMIN_PASSWORD")
        && !p.is_empty()
    {
        return Ok(p);
    }
    if !std::io::stdin().is_terminal() {
        bail!("no password: set KANISA_ADMIN_PASSWORD or run this command in a terminal");
    }
    let first = rpassword::prompt_password("Password: ")?;
    let second = rpassword::prompt_password("Confirm password: ")?;
    if first != second {
        bail!("Passwords do not match");
    }
    Ok(first)
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutdown requested");
}
