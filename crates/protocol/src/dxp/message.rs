//! DXP (DamExchange) version 01 messages: fixed-width ASCII fields, each message
//! followed by a NUL byte on the wire (see [`link`](crate::dxp::link)).

use std::fmt;

use bushka_geometry::Colour;

/// The longest message, in bytes (without its NUL).
pub const MAX_MESSAGE: usize = 127;

/// The width of a name field.
const NAME_WIDTH: usize = 32;

/// Squares on the board DXP plays (International draughts).
pub const DXP_SQUARES: usize = 50;

/// A DXP message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DxpMessage {
    /// `R`: the initiator asks for a game.
    GameRequest {
        /// The protocol version (`01`).
        version: u8,
        /// The initiator's name.
        name: String,
        /// The colour the follower plays.
        follower: Colour,
        /// Thinking time per player for the game, in minutes.
        minutes: u16,
        /// Moves in the game (0: no limit).
        moves: u16,
        /// The starting position: the side to move and 50 squares (`wzWZe`); `None`
        /// for the initial position with White to move.
        position: Option<(Colour, String)>,
    },
    /// `A`: the follower's answer to a game request.
    GameAccept {
        /// The follower's name.
        name: String,
        /// `0` accept; `1` version not supported; `2` not this game; `3` no games.
        code: u8,
    },
    /// `M`: a move.
    Move {
        /// Seconds it took (informational).
        seconds: u16,
        /// Origin square.
        from: u8,
        /// Destination square.
        to: u8,
        /// Captured squares, any order.
        captured: Vec<u8>,
    },
    /// `E`: the game ends (sent by the side to move; acknowledged with an `E`).
    GameEnd {
        /// `0` no reason; `1` the sender loses; `2` draw; `3` the sender wins.
        reason: u8,
        /// Whether the sender wants no more games.
        stop: bool,
    },
    /// `C`: free text.
    Chat(String),
    /// `B`: go back to move `move_number` with `side` to move.
    BackRequest {
        /// The move number (the first move of the game is 1).
        move_number: u16,
        /// The side to move then.
        side: Colour,
    },
    /// `K`: the answer to a back request: `0` accepted, `1` refused, `2` go on.
    BackAccept {
        /// The code.
        code: u8,
    },
}

/// The colour letter of DXP: `W` white, `Z` (zwart) black.
fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::White => 'W',
        Colour::Black => 'Z',
    }
}

fn colour_of(letter: &str) -> Result<Colour, String> {
    match letter {
        "W" => Ok(Colour::White),
        "Z" => Ok(Colour::Black),
        other => Err(format!("`{other}` is not a colour (W or Z)")),
    }
}

/// A field of `width` digits.
fn number<T: TryFrom<u32>>(text: &str, at: usize, width: usize, what: &str) -> Result<T, String> {
    let field = text
        .get(at..at + width)
        .ok_or_else(|| format!("the message ends before its {what}"))?;
    if !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} `{field}` is not {width} digits"));
    }
    field
        .parse::<u32>()
        .ok()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| format!("{what} `{field}` is out of range"))
}

/// `name` blank-padded (or cut) to the name field's width, starting with no blank.
fn name_field(name: &str) -> String {
    let clean: String = name
        .trim_start()
        .chars()
        .map(|c| if c.is_ascii_graphic() { c } else { ' ' })
        .take(NAME_WIDTH)
        .collect();
    format!("{clean:<NAME_WIDTH$}")
}

impl DxpMessage {
    /// Reads a message (without its NUL); the error says which field is wrong.
    pub fn parse(text: &str) -> Result<DxpMessage, String> {
        if text.is_empty()
            || text.len() > MAX_MESSAGE
            || !text.bytes().all(|b| (1..128).contains(&b))
        {
            return Err(format!(
                "a message is 1 to {MAX_MESSAGE} ASCII characters, not {text:?}"
            ));
        }
        let exact = |len: usize| {
            if text.len() == len {
                Ok(())
            } else {
                Err(format!(
                    "`{}` takes {len} characters, not {}",
                    &text[..1],
                    text.len()
                ))
            }
        };
        let field = |at: usize, width: usize| text.get(at..at + width).unwrap_or_default();
        match &text[..1] {
            "R" => {
                let position = match field(42, 1) {
                    "A" => {
                        exact(43)?;
                        None
                    }
                    "B" => {
                        exact(44 + DXP_SQUARES)?;
                        Some((colour_of(field(43, 1))?, text[44..].to_string()))
                    }
                    other => return Err(format!("start `{other}` is neither A nor B")),
                };
                Ok(DxpMessage::GameRequest {
                    version: number(text, 1, 2, "version")?,
                    name: field(3, NAME_WIDTH).trim().to_string(),
                    follower: colour_of(field(35, 1))?,
                    minutes: number(text, 36, 3, "thinking time")?,
                    moves: number(text, 39, 3, "number of moves")?,
                    position,
                })
            }
            "A" => {
                exact(2 + NAME_WIDTH)?;
                Ok(DxpMessage::GameAccept {
                    name: field(1, NAME_WIDTH).trim().to_string(),
                    code: number(text, 1 + NAME_WIDTH, 1, "acceptance code")?,
                })
            }
            "M" => {
                let count: usize = number(text, 9, 2, "number of captures")?;
                exact(11 + 2 * count)?;
                let captured = (0..count)
                    .map(|i| number(text, 11 + 2 * i, 2, "captured square"))
                    .collect::<Result<Vec<u8>, String>>()?;
                Ok(DxpMessage::Move {
                    seconds: number(text, 1, 4, "time")?,
                    from: number(text, 5, 2, "origin")?,
                    to: number(text, 7, 2, "destination")?,
                    captured,
                })
            }
            "E" => {
                exact(3)?;
                let reason = number(text, 1, 1, "reason")?;
                let stop: u8 = number(text, 2, 1, "stop code")?;
                if reason > 3 || stop > 1 {
                    return Err(format!("`{text}`: reason 0-3, stop code 0-1"));
                }
                Ok(DxpMessage::GameEnd {
                    reason,
                    stop: stop == 1,
                })
            }
            "C" => Ok(DxpMessage::Chat(text[1..].to_string())),
            "B" => {
                exact(5)?;
                Ok(DxpMessage::BackRequest {
                    move_number: number(text, 1, 3, "move number")?,
                    side: colour_of(field(4, 1))?,
                })
            }
            "K" => {
                exact(2)?;
                Ok(DxpMessage::BackAccept {
                    code: number(text, 1, 1, "code")?,
                })
            }
            other => Err(format!("`{other}` is not a DXP message type")),
        }
    }
}

impl fmt::Display for DxpMessage {
    /// The message as sent (without its NUL).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DxpMessage::GameRequest {
                version,
                name,
                follower,
                minutes,
                moves,
                position,
            } => {
                write!(
                    f,
                    "R{version:02}{}{}{:03}{:03}",
                    name_field(name),
                    colour_letter(*follower),
                    minutes.min(&999),
                    moves.min(&999)
                )?;
                match position {
                    None => write!(f, "A"),
                    Some((side, squares)) => write!(f, "B{}{squares}", colour_letter(*side)),
                }
            }
            DxpMessage::GameAccept { name, code } => write!(f, "A{}{code}", name_field(name)),
            DxpMessage::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                write!(
                    f,
                    "M{:04}{from:02}{to:02}{:02}",
                    seconds.min(&9999),
                    captured.len()
                )?;
                captured.iter().try_for_each(|c| write!(f, "{c:02}"))
            }
            DxpMessage::GameEnd { reason, stop } => write!(f, "E{reason}{}", u8::from(*stop)),
            DxpMessage::Chat(text) => {
                let clean: String = text
                    .chars()
                    .map(|c| if c.is_ascii() && c != '\0' { c } else { '?' })
                    .take(MAX_MESSAGE - 1)
                    .collect();
                write!(f, "C{clean}")
            }
            DxpMessage::BackRequest { move_number, side } => {
                write!(f, "B{:03}{}", move_number.min(&999), colour_letter(*side))
            }
            DxpMessage::BackAccept { code } => write!(f, "K{code}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_s_messages_read_and_write_back() {
        for text in [
            "R01dxp_probe                       W001075A",
            "AScan 2.0                        0",
            "M0001343000",
            "M001205250422122320",
            "E01",
            "Chello scan",
            "B002W",
            "K0",
            "R01probe                           W001075BWzzzzzzzzzzzzzzzzzezzeezeeeeweewewwwwwwwwwwwwwwwwww",
        ] {
            let message = DxpMessage::parse(text).expect(text);
            assert_eq!(message.to_string(), text);
        }
        let DxpMessage::Move { captured, .. } =
            DxpMessage::parse("M001205250422122320").expect("valid")
        else {
            panic!("a move")
        };
        assert_eq!(captured, vec![22, 12, 23, 20]);
    }

    #[test]
    fn malformed_messages_say_why() {
        for text in [
            "",
            "X1",
            "R01x",
            "M00120525",
            "M0012052504221223",
            "M00x2052500",
            "E4",
            "E41",
            "E0",
            "B02W",
            "B002Q",
            "K",
            "AScan 0",
            "R01dxp_probe                       Q001075A",
            "R01dxp_probe                       W001075C",
        ] {
            assert!(DxpMessage::parse(text).is_err(), "{text:?}");
        }
        assert!(DxpMessage::parse(&"C".repeat(128)).is_err());
        assert!(DxpMessage::parse("C\u{e9}").is_err());
    }
}
