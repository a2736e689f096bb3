//! Table directories named in player specs (`engine:tablebases=DIR`).
//!
//! A [`PlayerSpec`](crate::PlayerSpec) is a small `Copy` value, so it holds a
//! [`TablesDir`]: the number of a directory in a process-wide list. The tables of a
//! directory are read once per variant and shared by every engine that names it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use bushka_geometry::Geometry;
use bushka_tablebase::{FileError, Fingerprint, Tablebases, load_dir};

/// A directory of table files, named once and referred to by number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TablesDir(u32);

/// Why a spec's tables cannot serve a variant.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
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

/// A directory and its tables by variant (id and board/rules hash).
struct Entry {
    path: PathBuf,
    loaded: HashMap<(String, [u8; 32]), Arc<Tablebases>>,
}

static DIRS: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

fn dirs() -> MutexGuard<'static, Vec<Entry>> {
    DIRS.lock().unwrap_or_else(PoisonError::into_inner)
}

impl TablesDir {
    /// The number of `path` (the same path always gets the same number); an error
    /// when it is not a directory.
    pub fn register(path: &Path) -> Result<TablesDir, String> {
        if !path.is_dir() {
            return Err(format!("`{}` is not a directory", path.display()));
        }
        let mut dirs = dirs();
        let at = match dirs.iter().position(|e| e.path == path) {
            Some(at) => at,
            None => {
                dirs.push(Entry {
                    path: path.to_path_buf(),
                    loaded: HashMap::new(),
                });
                dirs.len() - 1
            }
        };
        Ok(TablesDir(at as u32))
    }

    /// The directory.
    pub fn path(self) -> PathBuf {
        dirs()
            .get(self.0 as usize)
            .map(|e| e.path.clone())
            .unwrap_or_default()
    }

    /// The directory's tables of `geometry`'s variant, read on first use.
    pub fn load(self, geometry: &Geometry) -> Result<Arc<Tablebases>, TablesError> {
        let path = self.path();
        let fingerprint = Fingerprint::of(geometry);
        let key = (fingerprint.variant.clone(), fingerprint.hash);
        if let Some(tables) = dirs().get(self.0 as usize).and_then(|e| e.loaded.get(&key)) {
            return Ok(Arc::clone(tables));
        }
        // Read outside the lock: a large directory takes a while.
        let tables = load_dir(&path, geometry)?;
        if tables.is_empty() {
            return Err(TablesError::Empty {
                dir: path,
                variant: fingerprint.variant,
            });
        }
        let tables = Arc::new(tables);
        if let Some(entry) = dirs().get_mut(self.0 as usize) {
            entry.loaded.insert(key, Arc::clone(&tables));
        }
        Ok(tables)
    }
}
