//! The variants embedded in the binary, and `--variant` resolution.

use std::path::Path;

use crate::assemble::{load_path, load_str};
use crate::error::{ErrorKind, VariantError};
use crate::geometry::Geometry;

/// A variant file compiled into the binary.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// The file stem, used as `--variant NAME`.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// Every built-in variant: the three official boards first, then the authored ones,
/// then the draughts family, then Fanorona.
pub const BUILTIN: &[Builtin] = &[
    Builtin {
        name: "bushka",
        text: include_str!("../../../variants/bushka.toml"),
    },
    Builtin {
        name: "bushka-9x11",
        text: include_str!("../../../variants/bushka-9x11.toml"),
    },
    Builtin {
        name: "hexbushka",
        text: include_str!("../../../variants/hexbushka.toml"),
    },
    Builtin {
        name: "hexbushka-4",
        text: include_str!("../../../variants/hexbushka-4.toml"),
    },
    Builtin {
        name: "bushka-cylinder",
        text: include_str!("../../../variants/bushka-cylinder.toml"),
    },
    Builtin {
        name: "draughts",
        text: include_str!("../../../variants/draughts.toml"),
    },
    Builtin {
        name: "brazilian",
        text: include_str!("../../../variants/brazilian.toml"),
    },
    Builtin {
        name: "hexdame",
        text: include_str!("../../../variants/hexdame.toml"),
    },
    Builtin {
        name: "checkers",
        text: include_str!("../../../variants/checkers.toml"),
    },
    Builtin {
        name: "russian",
        text: include_str!("../../../variants/russian.toml"),
    },
    Builtin {
        name: "pool",
        text: include_str!("../../../variants/pool.toml"),
    },
    Builtin {
        name: "canadian",
        text: include_str!("../../../variants/canadian.toml"),
    },
    Builtin {
        name: "frisian",
        text: include_str!("../../../variants/frisian.toml"),
    },
    Builtin {
        name: "frysk",
        text: include_str!("../../../variants/frysk.toml"),
    },
    Builtin {
        name: "italian",
        text: include_str!("../../../variants/italian.toml"),
    },
    Builtin {
        name: "spanish",
        text: include_str!("../../../variants/spanish.toml"),
    },
    Builtin {
        name: "czech",
        text: include_str!("../../../variants/czech.toml"),
    },
    Builtin {
        name: "thai",
        text: include_str!("../../../variants/thai.toml"),
    },
    Builtin {
        name: "turkish",
        text: include_str!("../../../variants/turkish.toml"),
    },
    Builtin {
        name: "killer",
        text: include_str!("../../../variants/killer.toml"),
    },
    Builtin {
        name: "antidraughts",
        text: include_str!("../../../variants/antidraughts.toml"),
    },
    Builtin {
        name: "breakthrough",
        text: include_str!("../../../variants/breakthrough.toml"),
    },
    Builtin {
        name: "fanorona",
        text: include_str!("../../../variants/fanorona.toml"),
    },
];

/// Loads the built-in variant called `name`.
pub fn builtin(name: &str) -> Option<Result<Geometry, VariantError>> {
    BUILTIN
        .iter()
        .find(|b| b.name == name)
        .map(|b| load_str(b.text, &format!("{}.toml (built-in)", b.name)))
}

/// Resolves a `--variant` argument: a built-in name, or a path to a `.toml` file.
pub fn resolve(spec: &str) -> Result<Geometry, VariantError> {
    if let Some(result) = builtin(spec) {
        return result;
    }
    let path = Path::new(spec);
    if path.symlink_metadata().is_ok() || spec.ends_with(".toml") {
        return load_path(path);
    }
    let names: Vec<&str> = BUILTIN.iter().map(|b| b.name).collect();
    Err(VariantError {
        origin: spec.to_string(),
        location: None,
        kind: Box::new(ErrorKind::Io(format!(
            "no built-in variant or file of that name (built-in: {})",
            names.join(", ")
        ))),
    })
}
