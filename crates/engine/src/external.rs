//! Specs of players in other programs, reached over an engine protocol: `hub:COMMAND`,
//! `ugi:COMMAND`, `dxp:HOST:PORT`, with options after the kind
//! (`hub,hash=32,movetime=500:dame hub`). The clients that play them are in the
//! `bushka-protocol` crate; a spec here is a plain value.

use std::fmt;

/// The protocol a program speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// Hub 2 (Scan 3.1's `protocol.txt`): text lines over the program's standard input
    /// and output.
    Hub,
    /// UGI (cutegames' `ugi.md`): UCI for any game, over standard input and output.
    Ugi,
    /// DXP (DamExchange) version 01: fixed-width messages over TCP.
    Dxp,
}

impl Protocol {
    /// Every protocol.
    pub const ALL: [Protocol; 3] = [Protocol::Hub, Protocol::Ugi, Protocol::Dxp];

    /// Its name in specs: `hub`, `ugi`, `dxp`.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Hub => "hub",
            Protocol::Ugi => "ugi",
            Protocol::Dxp => "dxp",
        }
    }

    /// The options with a meaning of their own, and what their values are; every
    /// other option of a Hub or UGI spec is a parameter of the program.
    fn reserved(self) -> &'static [(&'static str, Value)] {
        const COMMON: [(&str, Value); 4] = [
            ("name", Value::Text),
            ("movetime", Value::Number),
            ("depth", Value::Number),
            ("nodes", Value::Number),
        ];
        match self {
            Protocol::Hub | Protocol::Ugi => &[
                COMMON[0],
                COMMON[1],
                COMMON[2],
                COMMON[3],
                ("dir", Value::Text),
                ("timeout", Value::Number),
            ],
            Protocol::Dxp => &[
                ("name", Value::Text),
                ("time", Value::Number),
                ("moves", Value::Number),
                ("timeout", Value::Number),
            ],
        }
    }
}

/// What an option's value must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    /// Any text.
    Text,
    /// A whole number.
    Number,
}

/// A player in another program: the protocol it speaks, how to reach it, and options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalSpec {
    /// Its protocol.
    pub protocol: Protocol,
    /// Hub and UGI: the command line that starts the program (words split as a shell
    /// would, quotes allowed); DXP: `HOST:PORT`, or `HOST:PORT-PORT` for a range of
    /// ports, one game at a time on each.
    pub target: String,
    /// Options in the order given: `name` (for reports), `movetime` (ms), `depth`,
    /// `nodes` (limits per move when the game has no clock), `dir` (the program's
    /// working directory), `timeout` (seconds to wait for an answer that no clock
    /// bounds); DXP's `time` (minutes) and `moves` (the game request's time control
    /// when the game has no clock). Any other option of a Hub or UGI program is one of
    /// its parameters (`set-param`, `setoption`).
    pub options: Vec<(String, String)>,
}

impl ExternalSpec {
    /// Whether `text` names a player in another program (it starts with a protocol's
    /// name and `:` or `,`).
    pub fn is_external(text: &str) -> bool {
        let text = text.trim_start();
        Protocol::ALL.iter().any(|p| {
            text.strip_prefix(p.name())
                .is_some_and(|rest| rest.starts_with([':', ',']))
        })
    }

    /// Parses `KIND[,KEY=VALUE...]:TARGET`; the error says what is wrong.
    pub fn parse(text: &str) -> Result<ExternalSpec, String> {
        let (head, target) = text
            .trim()
            .split_once(':')
            .ok_or("expected KIND[,OPTION=VALUE...]:TARGET")?;
        let mut parts = head.split(',');
        let kind = parts.next().unwrap_or_default().trim();
        let protocol = Protocol::ALL
            .into_iter()
            .find(|p| p.name() == kind)
            .ok_or_else(|| format!("unknown protocol `{kind}` (hub, ugi or dxp)"))?;
        let mut options: Vec<(String, String)> = Vec::new();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("option `{part}` is not key=value"))?;
            let (key, value) = (key.trim(), value.trim());
            if key.is_empty() {
                return Err(format!("option `{part}` has no name"));
            }
            if options.iter().any(|(k, _)| k == key) {
                return Err(format!("`{key}` is given twice"));
            }
            match protocol.reserved().iter().find(|(k, _)| *k == key) {
                Some((_, Value::Number)) if value.parse::<u64>().is_err() => {
                    return Err(format!("`{key}={value}`: not a whole number"));
                }
                None if protocol == Protocol::Dxp => {
                    return Err(format!(
                        "`{key}` is not an option of dxp (name, time, moves, timeout)"
                    ));
                }
                _ => {}
            }
            options.push((key.to_string(), value.to_string()));
        }
        let target = target.trim();
        if target.is_empty() {
            return Err(match protocol {
                Protocol::Dxp => "no HOST:PORT after `dxp:`".to_string(),
                _ => format!("no command after `{kind}:`"),
            });
        }
        let spec = ExternalSpec {
            protocol,
            target: target.to_string(),
            options,
        };
        match protocol {
            Protocol::Dxp => spec.addresses().map(|_| spec),
            Protocol::Hub | Protocol::Ugi => spec.command().map(|_| spec),
        }
    }

    /// The value of option `key`.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The value of the numeric option `key` (checked when the spec was parsed).
    pub fn number(&self, key: &str) -> Option<u64> {
        self.option(key).and_then(|v| v.parse().ok())
    }

    /// The program's parameters: the options that are not reserved.
    pub fn parameters(&self) -> impl Iterator<Item = (&str, &str)> {
        let reserved = self.protocol.reserved();
        self.options
            .iter()
            .filter(|(k, _)| !reserved.iter().any(|(r, _)| r == k))
            .map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The command line's words (Hub, UGI).
    pub fn command(&self) -> Result<Vec<String>, String> {
        match shlex::split(&self.target) {
            Some(words) if !words.is_empty() => Ok(words),
            Some(_) => Err("the command is empty".into()),
            None => Err(format!("`{}`: unbalanced quotes", self.target)),
        }
    }

    /// The addresses of a DXP spec: `HOST:PORT` each, one per port of a range.
    pub fn addresses(&self) -> Result<Vec<String>, String> {
        let (host, ports) = self
            .target
            .rsplit_once(':')
            .ok_or_else(|| format!("`{}` is not HOST:PORT", self.target))?;
        let port = |p: &str| {
            p.trim()
                .parse::<u16>()
                .ok()
                .filter(|&p| p > 0)
                .ok_or_else(|| format!("`{p}` is not a port"))
        };
        let (first, last) = match ports.split_once('-') {
            Some((a, b)) => (port(a)?, port(b)?),
            None => (port(ports)?, port(ports)?),
        };
        if host.trim().is_empty() || last < first || last - first >= 64 {
            return Err(format!(
                "`{}` is not HOST:PORT or HOST:PORT-PORT (at most 64 ports)",
                self.target
            ));
        }
        Ok((first..=last)
            .map(|p| format!("{}:{p}", host.trim()))
            .collect())
    }

    /// The name in reports: the `name` option, else the spec.
    pub fn label(&self) -> String {
        self.option("name")
            .map_or_else(|| self.to_string(), str::to_string)
    }
}

impl fmt::Display for ExternalSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.protocol.name())?;
        for (key, value) in &self.options {
            write!(f, ",{key}={value}")?;
        }
        write!(f, ":{}", self.target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_write() {
        let spec = ExternalSpec::parse("hub,hash=32,movetime=500:dame hub").expect("valid");
        assert_eq!(spec.protocol, Protocol::Hub);
        assert_eq!(
            spec.command(),
            Ok(vec!["dame".to_string(), "hub".to_string()])
        );
        assert_eq!(spec.number("movetime"), Some(500));
        assert_eq!(spec.parameters().collect::<Vec<_>>(), vec![("hash", "32")]);
        assert_eq!(spec.to_string(), "hub,hash=32,movetime=500:dame hub");
        let spec = ExternalSpec::parse("dxp:127.0.0.1:27531-27532").expect("valid");
        assert_eq!(
            spec.addresses(),
            Ok(vec![
                "127.0.0.1:27531".to_string(),
                "127.0.0.1:27532".to_string()
            ])
        );
        let spec = ExternalSpec::parse("ugi:'/path with space/eng' ugi").expect("valid");
        assert_eq!(spec.command().expect("words")[0], "/path with space/eng");
        assert!(ExternalSpec::is_external("ugi,name=x:e"));
        assert!(!ExternalSpec::is_external("engine:level=3"));
    }

    #[test]
    fn bad_specs_say_why() {
        for (text, why) in [
            ("hub:", "no command"),
            ("hub,movetime=fast:x", "not a whole number"),
            ("hub,depth=1,depth=2:x", "given twice"),
            ("dxp:localhost", "not HOST:PORT"),
            ("dxp:localhost:0", "not a port"),
            ("dxp,hash=3:h:1", "not an option of dxp"),
            ("dxp:h:20-10", "not HOST:PORT"),
            ("hub:'open", "unbalanced quotes"),
            ("xyz:cmd", "unknown protocol"),
        ] {
            let error = ExternalSpec::parse(text).expect_err(text);
            assert!(error.contains(why), "{text}: {error}");
        }
    }
}
