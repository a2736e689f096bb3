//! Reading what the player types: the commands, and what to say about a move the
//! session refused.

use bushka_session::SessionError;

/// The commands, with a one-line description each (the `help` text and the
/// "did you mean" suggestions come from here).
pub const COMMANDS: [(&str, &str); 12] = [
    ("moves", "list the legal moves"),
    (
        "undo",
        "take back your last move (and the computer's reply)",
    ),
    ("hint", "ask the engine for a move (a 1 second search)"),
    ("draw", "offer a draw"),
    ("resign", "give up the game"),
    ("save FILE", "write the game record to FILE"),
    ("flip", "turn the board half round"),
    ("names", "show or hide the cell names beside the board"),
    ("position", "print the position string (for --position)"),
    ("help", "show this help"),
    ("quit", "leave the game (`save` it first to keep it)"),
    ("exit", "the same as quit"),
];

/// One line of input, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A blank line.
    Empty,
    /// `moves`.
    Moves,
    /// `undo`.
    Undo,
    /// `hint`.
    Hint,
    /// `draw`.
    Draw,
    /// `resign`.
    Resign,
    /// `save FILE`.
    Save(String),
    /// `flip`.
    Flip,
    /// `names`.
    Names,
    /// `position`.
    Position,
    /// `help` or `?`.
    Help,
    /// `quit` or `exit`.
    Quit,
    /// A command used wrongly; the message says how to use it.
    BadCommand(String),
    /// Anything else: a move, or something that is not understood.
    Move(String),
}

/// Reads one line of input.
pub fn parse(line: &str) -> Input {
    let text = line.trim();
    if text.is_empty() {
        return Input::Empty;
    }
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    };
    let word = word.to_ascii_lowercase();
    let simple = match word.as_str() {
        "moves" => Some(Input::Moves),
        "undo" => Some(Input::Undo),
        "hint" => Some(Input::Hint),
        "draw" => Some(Input::Draw),
        "resign" => Some(Input::Resign),
        "flip" => Some(Input::Flip),
        "names" => Some(Input::Names),
        "position" => Some(Input::Position),
        "help" | "?" => Some(Input::Help),
        "quit" | "exit" => Some(Input::Quit),
        _ => None,
    };
    if let Some(input) = simple {
        return if rest.is_empty() {
            input
        } else {
            Input::BadCommand(format!("`{word}` takes no argument (got `{rest}`)."))
        };
    }
    if word == "save" {
        return if rest.is_empty() {
            Input::BadCommand("`save` needs a file name: save FILE".into())
        } else {
            Input::Save(rest.to_string())
        };
    }
    Input::Move(text.to_string())
}

/// The command closest to `word` (a typo of one), if any is close.
pub fn suggest_command(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    if word.len() < 2 {
        return None;
    }
    COMMANDS
        .iter()
        .map(|(usage, _)| usage.split(' ').next().unwrap_or(usage))
        .map(|name| (strsim::levenshtein(&word, name), name))
        .filter(|&(d, name)| d <= 1 + name.len() / 4 || name.starts_with(&word))
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// The terminal's hint after a refusal that leaves legal moves unlisted.
const UNLISTED_HINT: &str = " Type `moves` to list them, `help` for help.";

/// What to tell a player whose move the session refused: for text that names no
/// cell, the command it may be a typo of; when there were too many legal moves to
/// list, the command that lists them.
pub fn refusal(typed: &str, error: &SessionError) -> String {
    let SessionError::Unresolved(unresolved) = error else {
        return format!("{}.", capitalized(&error.to_string()));
    };
    let mut message = unresolved.message.clone();
    if !unresolved.names_a_cell {
        let word = typed.split_whitespace().next().unwrap_or(typed);
        if let Some(command) = suggest_command(word) {
            let end = message.find('\n').unwrap_or(message.len());
            message.insert_str(end, &format!(" Did you mean `{command}`?"));
        }
    }
    if unresolved.unlisted {
        message.push_str(UNLISTED_HINT);
    }
    message
}

/// `text` with its first letter in capitals.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_session::Unresolved;

    #[test]
    fn commands_parse() {
        assert_eq!(parse("  "), Input::Empty);
        assert_eq!(parse("MOVES"), Input::Moves);
        assert_eq!(parse("save my game.pdn"), Input::Save("my game.pdn".into()));
        assert!(matches!(parse("save"), Input::BadCommand(_)));
        assert!(matches!(parse("undo 2"), Input::BadCommand(_)));
        assert_eq!(parse("?"), Input::Help);
        assert_eq!(parse("exit"), Input::Quit);
        assert_eq!(parse("f45"), Input::Move("f45".into()));
        assert_eq!(parse(" f4 f5 "), Input::Move("f4 f5".into()));
    }

    #[test]
    fn typos_of_commands_are_suggested() {
        assert_eq!(suggest_command("mvoes"), Some("moves"));
        assert_eq!(suggest_command("hnit"), Some("hint"));
        assert_eq!(suggest_command("qui"), Some("quit"));
        assert_eq!(suggest_command("xyzzy"), None);
    }

    #[test]
    fn a_refused_move_suggests_the_command_it_may_be_a_typo_of() {
        let refused = |names_a_cell: bool| {
            SessionError::Unresolved(Unresolved {
                names_a_cell,
                message: "`mvoes` is not a move.\nMoves are typed...".into(),
                unlisted: false,
            })
        };
        assert_eq!(
            refusal("mvoes", &refused(false)),
            "`mvoes` is not a move. Did you mean `moves`?\nMoves are typed..."
        );
        assert!(!refusal("mvoes", &refused(true)).contains("Did you mean"));
        assert!(!refusal("xyzzy", &refused(false)).contains("Did you mean"));
        assert_eq!(refusal("f45", &SessionError::Over), "The game is over.");
    }

    #[test]
    fn a_refusal_that_leaves_moves_unlisted_says_how_to_list_them() {
        let refused = |unlisted: bool| {
            SessionError::Unresolved(Unresolved {
                names_a_cell: true,
                message: "`f5 f7` is not a legal move here.\nThere are 24 legal moves.".into(),
                unlisted,
            })
        };
        assert_eq!(
            refusal("f5 f7", &refused(true)),
            "`f5 f7` is not a legal move here.\nThere are 24 legal moves. \
             Type `moves` to list them, `help` for help."
        );
        assert!(!refusal("f5 f7", &refused(false)).contains("`moves`"));
    }
}
