//! The programs a server lets its players choose (`bushka serve --program NAME=SPEC`):
//! engines that speak Hub, UGI or DXP, each known to browsers by its name alone
//! (`program:NAME`). A browser never names a command: only the server's owner does.

use std::collections::BTreeMap;
use std::str::FromStr;

use bushka_engine::PlayerSpec;

/// How a browser names one of the server's programs: `program:NAME`.
pub const PREFIX: &str = "program:";

/// The longest name a program may have.
const MAX_NAME: usize = 32;

/// The server's programs, by name.
#[derive(Debug, Clone, Default)]
pub struct Programs {
    named: BTreeMap<String, PlayerSpec>,
}

impl Programs {
    /// Adds the program `spec` (`hub:COMMAND`, `ugi:COMMAND` or `dxp:HOST:PORT`, with
    /// options) under `name` (letters, digits, `-`, `_` and `.`); the error says what
    /// is wrong with either.
    pub fn add(&mut self, name: &str, spec: &str) -> Result<(), String> {
        let valid = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
        if name.is_empty() || name.len() > MAX_NAME || !name.chars().all(valid) {
            return Err(format!(
                "program name `{name}`: give 1 to {MAX_NAME} letters, digits, `-`, `_` or `.`"
            ));
        }
        if self.named.contains_key(name) {
            return Err(format!("program `{name}` is named twice"));
        }
        let parsed = PlayerSpec::from_str(spec).map_err(|e| format!("program `{name}`: {e}"))?;
        if !parsed.is_external() {
            return Err(format!(
                "program `{name}`: `{spec}` is not a program (give hub:COMMAND, \
                 ugi:COMMAND or dxp:HOST:PORT)"
            ));
        }
        self.named.insert(name.to_string(), parsed);
        Ok(())
    }

    /// The names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.named.keys().map(String::as_str)
    }

    /// The program a browser's `program:NAME` names: `None` when `text` names no
    /// program this way, else the program or why there is none.
    pub fn named(&self, text: &str) -> Option<Result<PlayerSpec, String>> {
        let name = text.trim().strip_prefix(PREFIX)?;
        Some(self.named.get(name).cloned().ok_or_else(|| {
            let offered: Vec<&str> = self.names().collect();
            let offer = if offered.is_empty() {
                "it names none".to_string()
            } else {
                format!("it names {}", offered.join(", "))
            };
            format!("player `{text}`: this server has no program `{name}` ({offer})")
        }))
    }

    /// How `spec` is written for browsers and in the games database: a program by its
    /// name (`program:NAME`), any other player by its spec.
    pub fn text(&self, spec: &PlayerSpec) -> String {
        self.named
            .iter()
            .find(|(_, program)| *program == spec)
            .map_or_else(|| spec.to_string(), |(name, _)| format!("{PREFIX}{name}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_named_and_found_by_name_only() {
        let mut programs = Programs::default();
        programs.add("dame", "hub:dame hub").expect("a Hub program");
        let spec = PlayerSpec::from_str("hub:dame hub").expect("a spec");
        assert_eq!(programs.named("program:dame"), Some(Ok(spec.clone())));
        assert_eq!(programs.text(&spec), "program:dame");
        assert_eq!(programs.text(&PlayerSpec::Human), "human");
        assert_eq!(programs.named("engine:level=3"), None);
        let missing = programs.named("program:scan").expect("a program name");
        assert_eq!(
            missing,
            Err("player `program:scan`: this server has no program `scan` (it names dame)".into())
        );
        for (name, spec, why) in [
            ("", "hub:x", "give 1 to 32"),
            ("a b", "hub:x", "give 1 to 32"),
            ("dame", "hub:x", "named twice"),
            ("e", "engine:level=3", "is not a program"),
            ("f", "hub:", "program `f`"),
        ] {
            let error = programs.add(name, spec).expect_err(spec);
            assert!(error.contains(why), "{name}={spec}: {error}");
        }
    }
}
