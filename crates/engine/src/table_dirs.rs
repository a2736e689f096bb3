//! Table directories named in player specs (`engine:tablebases=DIR`).
//!
//! A [`PlayerSpec`](crate::PlayerSpec) names its directory by path and stays a plain
//! value. Whoever builds the players (the terminal game, the web server, a match)
//! opens the directory once as a [`TablesDir`], which reads each variant's tables on
//! first use and shares them with every engine built from it, and passes the tables
//! in; nothing is kept process-wide.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use bushka_geometry::Geometry;
use bushka_tablebase::{FileError, Fingerprint, Tablebases, load_dir};

/// Why a directory of tables cannot serve a variant.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    /// The path names no directory.
    #[error("`{}` is not a directory", .0.display())]
    NotADirectory(PathBuf),
    /// The directory is missing, or a file in it is damaged or built for another
    /// definition of the variant.
    #[error(transparent)]
    File(#[from] FileError),
    /// The directory holds no table of the variant.
    #[error("{}: no table file of variant `{variant}` (make them with `bushka solve --variant {variant} --save DIR`)", dir.display())]
    Empty {
        /// The directory.
        dir: PathBuf,
        /// The variant's id.
        variant: String,
    },
}

/// The tables of one variant: its id and the hash of its board and rules.
type VariantKey = (String, [u8; 32]);

/// An opened directory of table files: each variant's tables are read once, on first
/// use, and shared.
#[derive(Debug)]
pub struct TablesDir {
    path: PathBuf,
    loaded: Mutex<HashMap<VariantKey, Arc<Tablebases>>>,
}

impl TablesDir {
    /// Opens `path`; an error when it is not a directory.
    pub fn open(path: &Path) -> Result<TablesDir, TablesError> {
        if !path.is_dir() {
            return Err(TablesError::NotADirectory(path.to_path_buf()));
        }
        Ok(TablesDir {
            path: path.to_path_buf(),
            loaded: Mutex::new(HashMap::new()),
        })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The directory's tables of `geometry`'s variant, read on first use; an error
    /// when a file is damaged or built for another definition of the variant, or when
    /// the directory holds none of it.
    pub fn load(&self, geometry: &Geometry) -> Result<Arc<Tablebases>, TablesError> {
        let fingerprint = Fingerprint::of(geometry);
        let key = (fingerprint.variant.clone(), fingerprint.hash);
        // Every change to the map is one insert: a panic leaves it whole.
        let loaded = || self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tables) = loaded().get(&key) {
            return Ok(Arc::clone(tables));
        }
        // Read outside the lock: a large directory takes a while.
        let tables = load_dir(&self.path, geometry)?;
        if tables.is_empty() {
            return Err(TablesError::Empty {
                dir: self.path.clone(),
                variant: fingerprint.variant,
            });
        }
        let tables = Arc::new(tables);
        loaded().insert(key, Arc::clone(&tables));
        Ok(tables)
    }
}
