//! The terminal front end of the console: rustyline's line editor (history in a file, Tab
//! completion from the schema cache), or — when standard input is not a terminal — one
//! request per input line. The only module that knows the terminal.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;

use kanisa_rest::Rest;
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::FileHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor};
use tokio::io::AsyncBufReadExt;

use crate::{Command, Console, ConsoleError, Line, parse_line};

/// Completion for the line editor, from the schema cache as it is at each Tab.
struct Helper {
    rest: Arc<Rest>,
}

impl Completer for Helper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(crate::complete(&self.rest.cache(), line, pos))
    }
}

impl Hinter for Helper {
    type Hint = String;
}

impl Highlighter for Helper {}

impl Validator for Helper {}

impl rustyline::Helper for Helper {}

fn terminal_error(e: impl std::fmt::Display) -> ConsoleError {
    ConsoleError::Terminal(e.to_string())
}

/// Runs the console until `\q`, Ctrl-D or the end of input. `history` is the file that keeps
/// the lines typed (created mode 0600: lines may hold personal data).
pub async fn run(console: Console, history: &Path) -> Result<(), ConsoleError> {
    if std::io::stdin().is_terminal() {
        interactive(console, history).await
    } else {
        piped(console).await
    }
}

async fn interactive(mut console: Console, history: &Path) -> Result<(), ConsoleError> {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .max_history_size(2000)
        .map_err(terminal_error)?
        .history_ignore_dups(true)
        .map_err(terminal_error)?
        .history_ignore_space(true)
        .build();
    let mut editor: Editor<Helper, FileHistory> =
        Editor::with_config(config).map_err(terminal_error)?;
    editor.set_helper(Some(Helper {
        rest: console.rest().clone(),
    }));
    // A missing history file is a first run.
    let _ = editor.load_history(history);
    println!(
        "Kanisa console: requests in the table API's grammar, e.g. get sermons?limit=5\n\
         \\help lists the commands, Tab completes, \\q or Ctrl-D quits. Asking as {}.",
        crate::identity::describe(console.identity())
    );
    loop {
        let prompt = console.prompt();
        // The editor blocks on the terminal: off the runtime's workers.
        let (returned, line) = tokio::task::spawn_blocking(move || {
            let line = editor.readline(&prompt);
            (editor, line)
        })
        .await
        .map_err(terminal_error)?;
        editor = returned;
        let line = match line {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(terminal_error(e)),
        };
        if !line.trim().is_empty() {
            let _ = editor.add_history_entry(line.as_str());
        }
        if let Ok(Line::Command(Command::Listen { table, filter })) = parse_line(&line) {
            listen(&console, &table, filter.as_deref()).await;
            continue;
        }
        // Ctrl-C while a request runs cancels it (its connection is closed, so PostgreSQL
        // rolls the transaction back) and returns to the prompt.
        let reply = tokio::select! {
            reply = console.run(&line) => reply,
            _ = tokio::signal::ctrl_c() => {
                println!("cancelled");
                continue;
            }
        };
        if !reply.text.is_empty() {
            println!("{}", reply.text);
        }
        if reply.quit {
            break;
        }
    }
    save_history(&mut editor, history)
}

fn save_history(editor: &mut Editor<Helper, FileHistory>, path: &Path) -> Result<(), ConsoleError> {
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(terminal_error)?;
    }
    // Create it private before rustyline writes to it.
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .open(path)
        .map_err(terminal_error)?;
    editor.save_history(path).map_err(terminal_error)
}

/// Lines from a pipe: each runs in turn and its reply is printed; `\q` stops.
async fn piped(mut console: Console) -> Result<(), ConsoleError> {
    let mut lines = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    while let Some(line) = lines.next_line().await.map_err(terminal_error)? {
        if let Ok(Line::Command(Command::Listen { table, filter })) = parse_line(&line) {
            listen(&console, &table, filter.as_deref()).await;
            continue;
        }
        let reply = console.run(&line).await;
        if !reply.text.is_empty() {
            println!("{}", reply.text);
        }
        if reply.quit {
            break;
        }
    }
    Ok(())
}

/// `\listen`: prints each change as it comes, until Ctrl-C (or the channel ends).
async fn listen(console: &Console, table: &str, filter: Option<&str>) {
    let mut listening = match console.listen(table, filter).await {
        Ok(l) => l,
        Err(e) => {
            println!("{e}");
            return;
        }
    };
    println!(
        "listening to {table}{} as {}; Ctrl-C stops",
        filter.map(|f| format!(" ({f})")).unwrap_or_default(),
        crate::identity::describe(console.identity())
    );
    loop {
        tokio::select! {
            change = listening.next() => match change {
                Some(text) => println!("{text}"),
                None => {
                    println!("the channel ended");
                    return;
                }
            },
            _ = tokio::signal::ctrl_c() => {
                println!("stopped listening");
                return;
            }
        }
    }
}
