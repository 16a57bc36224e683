//! The committed `apps/client/src/database.types.ts` is what `kanisa gen types` writes for a
//! freshly migrated database. After changing a migration, regenerate it with
//! `kanisa gen types` — or `KANISA_BLESS=1 cargo test -p kanisa-console types`.

use std::path::PathBuf;

use kanisa_rest::SchemaCache;
use kanisa_test_db::TestDb;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../apps/client/src/database.types.ts")
}

#[tokio::test]
async fn committed_types_match_a_fresh_generation() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let cache = SchemaCache::load(&client).await.expect("schema cache");
    let fresh = kanisa_console::typescript(&cache);
    let path = committed_path();
    if std::env::var_os("KANISA_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write the types");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .map_or_else(
                || committed.lines().count().min(fresh.lines().count()) + 1,
                |i| i + 1,
            );
        panic!(
            "{} is not what `kanisa gen types` generates for the migrations (first difference \
             at line {line}: committed {:?}, generated {:?}). Run `kanisa gen types` (or \
             KANISA_BLESS=1 cargo test -p kanisa-console types) and commit the file.",
            path.display(),
            committed.lines().nth(line - 1).unwrap_or(""),
            fresh.lines().nth(line - 1).unwrap_or(""),
        );
    }
}

/// The parts of the file the client relies on, checked on the real schema.
#[tokio::test]
async fn the_schema_in_typescript() {
    let db = TestDb::new().await;
    let client = db.client().await;
    let cache = SchemaCache::load(&client).await.expect("schema cache");
    let ts = kanisa_console::typescript(&cache);
    for expected in [
        // A required column, a nullable one, a defaulted one, an enum from a CHECK, a number.
        "      messages: {\n        Row: {\n",
        "          subject: string\n",
        "          sender_email: string | null\n",
        "          priority: Database[\"public\"][\"Enums\"][\"messages_priority\"]\n",
        "      messages_priority: \"low\" | \"normal\" | \"high\" | \"urgent\"\n",
        // Insert: required without a default, optional with one; Update: all optional.
        "        Insert: {\n          attachments?: Json\n",
        // Views and functions.
        "      message_stats: {\n        Row: {\n",
        "      get_monthly_giving: {\n        Args: {\n          from_date: string\n        }\n        Returns: {\n          month_key: string\n          total: number\n        }[]\n",
        "        Returns: Database[\"public\"][\"Tables\"][\"messages\"][\"Row\"][]\n",
        "export const Constants = {",
    ] {
        assert!(ts.contains(expected), "missing {expected:?} in\n{ts}");
    }
}
