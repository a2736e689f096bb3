//! Table files: one file per signature, `<variant>_<signature>.bktb` (for example
//! `hexbushka_3Kv1K.bktb`).
//!
//! Format, version 2 (integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `BUSHKATB` |
//! | 2 | format version (2) |
//! | 2 | length `L` of the variant id |
//! | L | variant id, UTF-8 |
//! | 32 | SHA-256 of the board and rules ([`Fingerprint`]) |
//! | 4 | White kings, Black kings, White men, Black men (one byte each) |
//! | 8 | number of indices `N` (placements times two sides to move) |
//! | 1 | bytes per value `W` (1 or 2) |
//! | 4 | CRC-32 of the values |
//! | N*W | the values by index: 0 draw, `d + 1` for a win (odd `d`) or loss (even `d`) in `d` plies, all ones for an index that is no position |
//!
//! Indices are those of [`Indexer`]: placements that a symmetry of the board maps
//! onto each other share one index (version 1 files, without symmetry, are refused). A file whose variant id matches but whose hash
//! does not was built for another definition of the variant and is refused, as is a
//! file whose values do not match their checksum.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bushka_geometry::{ByColour, Colour, Geometry};

use crate::fingerprint::Fingerprint;
use crate::index::Indexer;
use crate::material::{MAX_PIECES, Material};
use crate::probe::Tablebases;
use crate::table::{ILLEGAL, Raw, Table};

/// File name extension of table files.
pub const EXTENSION: &str = "bktb";
/// Current format version.
pub const VERSION: u16 = 2;
const MAGIC: &[u8; 8] = b"BUSHKATB";

/// A table file that cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Reading or writing failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not a table file or is damaged.
    #[error("{}: not a valid table file: {why}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The file was built for another definition of the variant.
    #[error(
        "{}: built for a different `{variant}` (board/rules hash {found}, this variant has {expected}); solve it again",
        path.display()
    )]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The variant id.
        variant: String,
        /// Hash in the file.
        found: String,
        /// Hash of the loaded variant.
        expected: String,
    },
}

/// The file name of a table.
pub fn file_name(fingerprint: &Fingerprint, material: &Material) -> String {
    format!(
        "{}_{}.{EXTENSION}",
        fingerprint.variant,
        material.file_stem()
    )
}

/// Writes every table of `tables` into `dir` (created if missing); returns the paths.
pub fn save(tables: &Tablebases, dir: &Path) -> Result<Vec<PathBuf>, FileError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError::Io { path, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let fingerprint = tables.fingerprint();
    let mut paths = Vec::new();
    for table in tables.tables() {
        let path = dir.join(file_name(fingerprint, &table.material()));
        let bytes = encode(fingerprint, table);
        let mut file = fs::File::create(&path).map_err(io(&path))?;
        file.write_all(&bytes).map_err(io(&path))?;
        paths.push(path);
    }
    Ok(paths)
}

fn encode(fingerprint: &Fingerprint, table: &Table) -> Vec<u8> {
    let wide = !table.narrow();
    let mut values = Vec::with_capacity(table.indexer().size() as usize * if wide { 2 } else { 1 });
    for r in table.raw() {
        if wide {
            values.extend_from_slice(&r.to_le_bytes());
        } else {
            values.push(if r == ILLEGAL { u8::MAX } else { r as u8 });
        }
    }
    let m = table.material();
    let id = fingerprint.variant.as_bytes();
    let mut out = Vec::with_capacity(values.len() + 64 + id.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(id.len() as u16).to_le_bytes());
    out.extend_from_slice(id);
    out.extend_from_slice(&fingerprint.hash);
    out.extend_from_slice(&[
        m.kings[Colour::White],
        m.kings[Colour::Black],
        m.men[Colour::White],
        m.men[Colour::Black],
    ]);
    out.extend_from_slice(&table.indexer().size().to_le_bytes());
    out.push(if wide { 2 } else { 1 });
    out.extend_from_slice(&crc32fast::hash(&values).to_le_bytes());
    out.extend_from_slice(&values);
    out
}

/// A cursor over a file's bytes that reports truncation.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end =
            end.ok_or_else(|| format!("the file ends early (at byte {})", self.bytes.len()))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }
}

/// The header of a table file, read before the values.
struct Header {
    variant: String,
    hash: [u8; 32],
    material: Material,
    size: u64,
    width: u8,
    crc: u32,
}

fn read_header(r: &mut Reader) -> Result<Header, String> {
    if &r.array::<8>()? != MAGIC {
        return Err("it does not start with `BUSHKATB`".into());
    }
    let version = u16::from_le_bytes(r.array()?);
    if version != VERSION {
        return Err(format!(
            "format version {version}; this program reads version {VERSION}"
        ));
    }
    let len = u16::from_le_bytes(r.array()?) as usize;
    let variant = String::from_utf8(r.take(len)?.to_vec())
        .map_err(|_| "the variant id is not UTF-8".to_string())?;
    let hash = r.array::<32>()?;
    let [wk, bk, wm, bm] = r.array::<4>()?;
    let material = Material {
        kings: ByColour::new(wk, bk),
        men: ByColour::new(wm, bm),
    };
    if material.total() == 0 || material.total() > MAX_PIECES {
        return Err(format!("impossible material {material}"));
    }
    let size = u64::from_le_bytes(r.array()?);
    let [width] = r.array::<1>()?;
    if width != 1 && width != 2 {
        return Err(format!("value width {width} (must be 1 or 2)"));
    }
    let crc = u32::from_le_bytes(r.array()?);
    Ok(Header {
        variant,
        hash,
        material,
        size,
        width,
        crc,
    })
}

/// Reads one table file for `geometry`. `Ok(None)` when it belongs to another variant.
pub fn load_file(path: &Path, geometry: &Geometry) -> Result<Option<Table>, FileError> {
    let corrupt = |why: String| FileError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|source| FileError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    let mut r = Reader {
        bytes: &bytes,
        at: 0,
    };
    let header = read_header(&mut r).map_err(corrupt)?;
    let fingerprint = Fingerprint::of(geometry);
    if header.variant != fingerprint.variant {
        return Ok(None);
    }
    if header.hash != fingerprint.hash {
        return Err(FileError::Mismatch {
            path: path.to_path_buf(),
            variant: header.variant,
            found: header.hash[..6]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
            expected: fingerprint.short_hash(),
        });
    }
    let indexer = Indexer::new(header.material, geometry).map_err(|e| corrupt(e.to_string()))?;
    if indexer.size() != header.size {
        return Err(corrupt(format!(
            "{} indices where {} on this board has {}",
            header.size,
            header.material,
            indexer.size()
        )));
    }
    let values = r
        .take(header.size as usize * header.width as usize)
        .map_err(corrupt)?;
    if r.at != bytes.len() {
        return Err(corrupt(format!(
            "{} bytes after the values",
            bytes.len() - r.at
        )));
    }
    if crc32fast::hash(values) != header.crc {
        return Err(corrupt("the values do not match their checksum".into()));
    }
    let raw: Vec<Raw> = if header.width == 2 {
        values
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect()
    } else {
        values
            .iter()
            .map(|&b| if b == u8::MAX { ILLEGAL } else { Raw::from(b) })
            .collect()
    };
    Ok(Some(Table::from_raw(header.material, indexer, raw)))
}

/// Loads every table file in `dir` that belongs to `geometry`'s variant. Files of
/// other variants are skipped; damaged or mismatched files of this one are errors.
pub fn load_dir(dir: &Path, geometry: &Geometry) -> Result<Tablebases, FileError> {
    let io = |source| FileError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(io)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
        .collect();
    paths.sort();
    let mut tables = Tablebases::new(geometry);
    for path in paths {
        if let Some(table) = load_file(&path, geometry)? {
            tables.insert(Arc::new(table));
        }
    }
    Ok(tables)
}
