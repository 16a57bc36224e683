//! Embeds `migrations/*.sql`, `policies/*.sql` and `seeds/*.sql` from the repository root, so the
//! binary carries exactly the SQL it was built with (a checksum then guards applied migrations).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"))
        .join("../..")
        .canonicalize()
        .expect("repository root");
    let mut out = String::new();
    for (name, dir) in [
        ("MIGRATIONS", "migrations"),
        ("POLICIES", "policies"),
        ("SEEDS", "seeds"),
    ] {
        let dir = root.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        let files = sql_files(&dir);
        writeln!(out, "pub static {name}: &[(&str, &str)] = &[").unwrap();
        for path in files {
            println!("cargo:rerun-if-changed={}", path.display());
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            writeln!(out, "    ({file:?}, include_str!({:?})),", path.display()).unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    let dest =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets this")).join("embedded.rs");
    std::fs::write(dest, out).expect("write embedded.rs");
}

fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "sql"))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}
