//! A game of bushka in progress, with no user interface: the one place that knows
//! whose turn it is, who plays it (a person or the computer), what undo takes back,
//! how draw offers are made and answered, resignation, the end and its reason, how a
//! typed move or two cells name a legal move, and the game record.
//!
//! Front ends (the terminal `play` command, the web server) only translate between a
//! person and a [`Session`]:
//!
//! ```
//! use std::sync::Arc;
//! use bushka_engine::PlayerSpec;
//! use bushka_rules::{AnyBoard, Game};
//! use bushka_session::{Session, Setup};
//!
//! let geometry = bushka_geometry::builtin("bushka").unwrap().unwrap();
//! let AnyBoard::Narrow(board) = AnyBoard::new(geometry) else { unreachable!() };
//! let mut session = Session::new(Setup {
//!     game: Game::new(Arc::clone(&board)).unwrap(),
//!     specs: [PlayerSpec::Human, PlayerSpec::Random { seed: 1 }],
//!     tags: Vec::new(),
//!     max_plies: None,
//! });
//! let ply = session.play_text("f4 f5").unwrap();
//! assert_eq!(ply.text, "f45");
//! assert!(session.computer_to_move());
//! session.computer_move(Arc::default()).unwrap();
//! session.undo().unwrap(); // your move and the computer's reply
//! assert!(session.game().moves().is_empty());
//! ```

#![forbid(unsafe_code)]

mod computer;
mod find;
mod load;
mod session;

pub use computer::{HINT_TIME, Hint, Thinking};
pub use find::{Unresolved, find_move};
pub use load::{choose_player, game_from_record, record_tags, today};
pub use session::{DrawAnswer, DrawOffer, Ply, Session, SessionError, Setup, Undone};
