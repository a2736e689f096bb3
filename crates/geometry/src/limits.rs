//! Bounds on what a variant file may cost before it is parsed: its size, how deeply
//! its brackets and braces nest, and reading it from disk (regular files only, read
//! no further than the size cap).

use std::collections::HashSet;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::error::{ErrorKind, Location, VariantError};

/// Largest variant file, in bytes (a listed 1024-cell board takes about 60 KB).
pub const MAX_VARIANT_BYTES: usize = 1 << 20;

/// The largest learned-weights file a variant may name (`[evaluation] weights`).
pub const MAX_WEIGHTS_BYTES: usize = 8 << 20;

/// Deepest nesting of `[`/`{` in a variant file (the format itself needs three).
pub const MAX_NESTING: usize = 16;

/// Checks the size and nesting of a variant file's text (from `origin`) before it is
/// parsed.
pub(crate) fn precheck(text: &str, origin: &str) -> Result<(), VariantError> {
    let fail = |offset: Option<usize>, kind: ErrorKind| VariantError {
        origin: origin.to_string(),
        location: offset.map(|o| Location::of_offset(text, o)),
        kind: Box::new(kind),
    };
    if text.len() > MAX_VARIANT_BYTES {
        return Err(fail(
            None,
            ErrorKind::TooLarge {
                bytes: text.len() as u64,
                max: MAX_VARIANT_BYTES as u64,
            },
        ));
    }
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => i = skip_until(bytes, i + 1, b"\n", false),
            b'"' if bytes[i..].starts_with(b"\"\"\"") => {
                i = skip_until(bytes, i + 3, b"\"\"\"", true);
            }
            b'\'' if bytes[i..].starts_with(b"'''") => i = skip_until(bytes, i + 3, b"'''", false),
            b'"' => i = skip_until(bytes, i + 1, b"\"", true),
            b'\'' => i = skip_until(bytes, i + 1, b"'", false),
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(fail(Some(i), ErrorKind::TooDeep { max: MAX_NESTING }));
                }
                i += 1;
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    Ok(())
}

/// The index just past the first `end` at or after `from` (past a backslash escape
/// when `escapes`), or the end of the text.
fn skip_until(bytes: &[u8], from: usize, end: &[u8], escapes: bool) -> usize {
    let mut i = from;
    while i < bytes.len() {
        if escapes && bytes[i] == b'\\' {
            i += 2;
        } else if bytes[i..].starts_with(end) {
            return i + end.len();
        } else {
            i += 1;
        }
    }
    bytes.len()
}

/// Reads a text file of at most `max_bytes` bytes. Refuses what is not a regular file
/// (a directory, a device such as `/dev/zero`, a pipe) before opening it, names a loop
/// of symbolic links as such, and never reads more than `max_bytes + 1` bytes.
pub fn read_text_file(path: &Path, max_bytes: u64) -> io::Result<String> {
    let meta = std::fs::metadata(path).map_err(|e| {
        if e.kind() != io::ErrorKind::NotFound && is_symlink_loop(path) {
            io::Error::other("a loop of symbolic links")
        } else {
            e
        }
    })?;
    if meta.is_dir() {
        return Err(io::Error::other("a directory, not a file"));
    }
    if !meta.is_file() {
        return Err(io::Error::other(
            "not a regular file (a device, pipe or socket)",
        ));
    }
    let too_large = |bytes: u64| {
        io::Error::other(format!(
            "the file is {bytes} bytes; at most {max_bytes} are read"
        ))
    };
    if meta.len() > max_bytes {
        return Err(too_large(meta.len()));
    }
    let mut data = Vec::new();
    std::fs::File::open(path)?
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut data)?;
    if data.len() as u64 > max_bytes {
        return Err(too_large(data.len() as u64));
    }
    String::from_utf8(data).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Whether `path` is a symbolic link whose chain of targets comes back on itself.
fn is_symlink_loop(path: &Path) -> bool {
    let mut seen: HashSet<PathBuf> = HashSet::new();
    let mut at = path.to_path_buf();
    // The system gives up after 40 links; so does this walk.
    for _ in 0..40 {
        let Ok(target) = std::fs::read_link(&at) else {
            return false;
        };
        at = match at.parent() {
            Some(dir) => dir.join(target),
            None => target,
        };
        if !seen.insert(at.clone()) {
            return true;
        }
    }
    true
}
