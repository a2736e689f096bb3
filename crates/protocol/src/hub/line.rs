//! Hub lines: `command name=value name="a value" flag`, read and written as Scan
//! 3.1's `hub::Scanner` does (blanks around `=` allowed; a quoted value runs to the
//! next `"`, with no escapes; an empty value is written `""`).

use std::fmt;

/// One Hub message: its command and its arguments, in order (a bare flag has no
/// value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubLine {
    /// The command.
    pub command: String,
    /// The arguments, in order.
    pub args: Vec<(String, Option<String>)>,
}

/// Whether `c` may stand in a name or an unquoted value.
fn name_char(c: char) -> bool {
    !c.is_whitespace() && !c.is_control() && c != '=' && c != '"'
}

impl HubLine {
    /// A line with `command` and no arguments.
    pub fn new(command: &str) -> HubLine {
        HubLine {
            command: command.to_string(),
            args: Vec::new(),
        }
    }

    /// This line with `name=value` added.
    pub fn arg(mut self, name: &str, value: impl fmt::Display) -> HubLine {
        self.args.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// This line with the flag `name` added.
    pub fn flag(mut self, name: &str) -> HubLine {
        self.args.push((name.to_string(), None));
        self
    }

    /// The value of argument `name` (the empty string for a flag), the first if it is
    /// given twice.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_deref().unwrap_or(""))
    }

    /// Whether argument or flag `name` is given.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// Reads a line; the error says what is malformed (an empty line, a control
    /// character, a `=` without a name or value, an unclosed quote).
    pub fn parse(text: &str) -> Result<HubLine, String> {
        let mut rest = text.trim();
        let mut words = Vec::new();
        while !rest.is_empty() {
            let name_len = rest.find(|c| !name_char(c)).unwrap_or(rest.len());
            if name_len == 0 {
                let c = rest.chars().next().unwrap_or(' ');
                return Err(if c == '=' {
                    "`=` without a name before it".to_string()
                } else {
                    format!("unexpected character {c:?}")
                });
            }
            let name = &rest[..name_len];
            rest = &rest[name_len..];
            let after = rest.trim_start();
            let value = if let Some(v) = after.strip_prefix('=') {
                let v = v.trim_start();
                if let Some(quoted) = v.strip_prefix('"') {
                    let end = quoted
                        .find('"')
                        .ok_or_else(|| format!("the value of `{name}` has no closing quote"))?;
                    rest = &quoted[end + 1..];
                    Some(quoted[..end].to_string())
                } else {
                    let len = v.find(|c| !name_char(c)).unwrap_or(v.len());
                    if len == 0 {
                        return Err(format!(
                            "`{name}=` has no value (an empty one is written as two double quotes)"
                        ));
                    }
                    rest = &v[len..];
                    Some(v[..len].to_string())
                }
            } else {
                None
            };
            if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
                return Err(format!("no blank after `{name}`"));
            }
            rest = rest.trim_start();
            words.push((name.to_string(), value));
        }
        let mut words = words.into_iter();
        let Some((command, value)) = words.next() else {
            return Err("an empty line".into());
        };
        if value.is_some() {
            return Err(format!("the command `{command}` has a value"));
        }
        Ok(HubLine {
            command,
            args: words.collect(),
        })
    }
}

/// A value as Hub writes it: quoted when it is empty or holds a character a name may
/// not; a `"` (which no value can hold) becomes `'`.
fn write_value(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    let clean: String = value
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    if !clean.is_empty() && clean.chars().all(name_char) {
        write!(f, "{clean}")
    } else {
        write!(f, "\"{clean}\"")
    }
}

impl fmt::Display for HubLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.command)?;
        for (name, value) in &self.args {
            write!(f, " {name}")?;
            if let Some(value) = value {
                write!(f, "=")?;
                write_value(f, value)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_scan_reads_them() {
        let line = HubLine::parse("  pos pos = Wbe  moves=\"32-28 19-23\" start\t").expect("valid");
        assert_eq!(line.command, "pos");
        assert_eq!(line.get("pos"), Some("Wbe"));
        assert_eq!(line.get("moves"), Some("32-28 19-23"));
        assert_eq!(line.get("start"), Some(""));
        assert!(line.has("start") && !line.has("level"));
        let line = HubLine::parse("id author=\"\" name=x").expect("valid");
        assert_eq!(line.get("author"), Some(""));
        for bad in [
            "",
            "   ",
            "=x",
            "go x=",
            "a b=\"open",
            "a=1",
            "a b=c\"d\"",
            "a \u{1}",
        ] {
            assert!(HubLine::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn lines_write_with_quotes_where_needed() {
        let line = HubLine::new("id")
            .arg("name", "bushka")
            .arg("author", "Christian \"C\" Freeling")
            .arg("empty", "")
            .flag("think");
        let text = line.to_string();
        assert_eq!(
            text,
            "id name=bushka author=\"Christian 'C' Freeling\" empty=\"\" think"
        );
        assert_eq!(HubLine::parse(&text).expect("valid").get("empty"), Some(""));
    }
}
