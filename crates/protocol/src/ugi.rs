//! UGI (cutegames' `ugi.md`, UCI for any game): the commands an engine reads, with
//! both spellings of the clocks (`p1time p2time p1inc p2inc`, and UCI's `wtime btime
//! winc binc`). Positions and moves are the game's own notation: bushka's position
//! strings and move notation.

use bushka_geometry::Colour;

/// The limits of a `go` command (times in milliseconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// Each player's time left, the first player's (White's) first.
    pub time: [Option<u64>; 2],
    /// Each player's increment.
    pub inc: [Option<u64>; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u64>,
    /// Time for this move.
    pub movetime: Option<u64>,
    /// Depth.
    pub depth: Option<u64>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder (until `ponderhit` or `stop`).
    pub ponder: bool,
}

impl Go {
    /// `side`'s time left and increment, when its clock is given.
    pub fn clock(&self, side: Colour) -> Option<(u64, u64)> {
        let i = side.index();
        self.time[i].map(|t| (t, self.inc[i].unwrap_or(0)))
    }
}

/// A command to a UGI engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UgiCommand {
    /// `ugi`: introduce yourself.
    Ugi,
    /// `isready`.
    IsReady,
    /// `uginewgame`.
    NewGame,
    /// `setoption name N value V`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value (empty when none is given).
        value: String,
    },
    /// `position startpos|fen F [moves M...]`.
    Position {
        /// The position string; `None` for the start position.
        fen: Option<String>,
        /// The moves played from it.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `query gameover|p1turn|result`.
    Query(String),
    /// `quit`.
    Quit,
    /// A command UGI does not have (ignored).
    Unknown(String),
}

/// A whole number of the value after `key`.
fn number(key: &str, value: Option<&str>) -> Result<u64, String> {
    let value = value.ok_or_else(|| format!("`{key}` has no value"))?;
    value
        .parse()
        .map_err(|_| format!("`{key} {value}`: not a whole number"))
}

impl UgiCommand {
    /// Reads a line; `Ok(None)` for a blank one. Unknown commands and unknown
    /// words of `go` are accepted (and ignored); a malformed known command is an
    /// error that says why.
    pub fn parse(line: &str) -> Result<Option<UgiCommand>, String> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Ok(None);
        };
        Ok(Some(match command {
            "ugi" => UgiCommand::Ugi,
            "isready" => UgiCommand::IsReady,
            "uginewgame" => UgiCommand::NewGame,
            "stop" => UgiCommand::Stop,
            "ponderhit" => UgiCommand::PonderHit,
            "quit" => UgiCommand::Quit,
            "query" => UgiCommand::Query(
                words
                    .next()
                    .ok_or("`query` needs gameover, p1turn or result")?
                    .to_string(),
            ),
            "setoption" => {
                let rest: Vec<&str> = words.collect();
                let value_at = rest.iter().position(|&w| w == "value");
                if rest.first() != Some(&"name") || value_at == Some(1) {
                    return Err("expected `setoption name N [value V]`".into());
                }
                let end = value_at.unwrap_or(rest.len());
                UgiCommand::SetOption {
                    name: rest[1..end].join(" "),
                    value: value_at.map_or_else(String::new, |v| rest[v + 1..].join(" ")),
                }
            }
            "position" => {
                let fen = match words.next() {
                    Some("startpos") => None,
                    Some("fen") => Some(
                        words
                            .next()
                            .filter(|&w| w != "moves")
                            .ok_or("`position fen` needs a position")?
                            .to_string(),
                    ),
                    _ => return Err("expected `position startpos` or `position fen F`".into()),
                };
                let moves = match words.next() {
                    None => Vec::new(),
                    Some("moves") => words.map(str::to_string).collect(),
                    Some(other) => return Err(format!("`{other}` where `moves` was expected")),
                };
                UgiCommand::Position { fen, moves }
            }
            "go" => {
                let mut go = Go::default();
                while let Some(word) = words.next() {
                    let slot = match word {
                        "p1time" | "wtime" => &mut go.time[0],
                        "p2time" | "btime" => &mut go.time[1],
                        "p1inc" | "winc" => &mut go.inc[0],
                        "p2inc" | "binc" => &mut go.inc[1],
                        "movestogo" => &mut go.moves_to_go,
                        "movetime" => &mut go.movetime,
                        "depth" => &mut go.depth,
                        "nodes" => &mut go.nodes,
                        "infinite" => {
                            go.infinite = true;
                            continue;
                        }
                        "ponder" => {
                            go.ponder = true;
                            continue;
                        }
                        _ => continue,
                    };
                    *slot = Some(number(word, words.next())?);
                }
                UgiCommand::Go(go)
            }
            other => UgiCommand::Unknown(other.to_string()),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_with_both_clock_spellings() {
        let parse = |l: &str| UgiCommand::parse(l).expect(l).expect(l);
        let Some(UgiCommand::Go(go)) =
            UgiCommand::parse("go wtime 1000 p2time 2000 winc 10 binc 20 movestogo 5 frob")
                .expect("valid")
        else {
            panic!("go")
        };
        assert_eq!(go.clock(Colour::White), Some((1000, 10)));
        assert_eq!(go.clock(Colour::Black), Some((2000, 20)));
        assert_eq!(go.moves_to_go, Some(5));
        assert_eq!(
            parse("position fen W:W31-50:B1-20 moves 32-28 19-23"),
            UgiCommand::Position {
                fen: Some("W:W31-50:B1-20".into()),
                moves: vec!["32-28".into(), "19-23".into()]
            }
        );
        assert_eq!(
            parse("setoption name Hash Size value 32"),
            UgiCommand::SetOption {
                name: "Hash Size".into(),
                value: "32".into()
            }
        );
        assert_eq!(
            parse("frobnicate 3"),
            UgiCommand::Unknown("frobnicate".into())
        );
        assert_eq!(UgiCommand::parse("  "), Ok(None));
        for bad in [
            "go depth",
            "go nodes x",
            "position",
            "position fen",
            "position startpos 32-28",
            "setoption",
            "setoption name value 3",
            "query",
        ] {
            assert!(UgiCommand::parse(bad).is_err(), "{bad}");
        }
    }
}
