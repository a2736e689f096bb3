//! `bushka serve --export DIR`: every finished game's record written as a file.

use std::path::{Path, PathBuf};

use bushka_session::civil_date;
use bushka_store::{Store, StoreError};

/// Why the records could not all be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The store could not be read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file (or the directory).
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// Writes the record of every finished game in `store` into `dir` (made if missing)
/// as `DATE-ID.pdn`, the date the game ended; returns how many.
pub fn export(store: &Store, dir: &Path) -> Result<usize, ExportError> {
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    store.for_each_record(|id, ended_ms, record| {
        let date = civil_date(ended_ms / 1000).replace('.', "-");
        let path = dir.join(format!("{date}-{id}.pdn"));
        std::fs::write(&path, record).map_err(|source| ExportError::Write { path, source })
    })
}
