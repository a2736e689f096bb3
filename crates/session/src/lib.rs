//! A game of bushka in progress, with no user interface, on any variant: the one door
//! every front end (the terminal, the web server, the engine protocols) goes through.
//! It knows whose turn it is and who plays it (a person or the computer), what a
//! person may do now (undo, draw offers, resignation), how moves are numbered and
//! written, how a typed move or two cells name a legal move, the end and its reason,
//! and the game record; it searches positions for analyses and hints, and reads
//! endgame tables.
//!
//! Every value here is width-erased: a board of up to 64, 128 or 1024 cells is
//! compiled for the narrowest bitset that holds it ([`Variant`]), and positions,
//! sessions and analyses carry that choice inside. Front ends only translate between a
//! person and these values:
//!
//! ```
//! use std::sync::Arc;
//! use bushka_engine::PlayerSpec;
//! use bushka_geometry::ByColour;
//! use bushka_session::{Opening, Session, Setup, Variant};
//!
//! let variant = Variant::new(bushka_geometry::builtin("bushka").unwrap().unwrap());
//! let setup = Setup::new(ByColour::new(PlayerSpec::Human, PlayerSpec::Random { seed: 1 }));
//! let mut session = Session::start(&variant, Opening::Start, setup).unwrap();
//! let ply = session.play_text("f4 f5").unwrap();
//! assert_eq!(ply.mv.text, "f45");
//! assert_eq!(ply.number.to_string(), "1.");
//! assert!(session.computer_to_move());
//! session.computer_move(Arc::default()).unwrap();
//! assert!(session.actions().undo);
//! session.undo().unwrap(); // your move and the computer's reply
//! assert_eq!(session.plies(), 0);
//! assert_eq!(session.position(), variant.start());
//! ```

#![forbid(unsafe_code)]

mod analysis;
mod computer;
mod core;
mod described;
mod find;
mod load;
mod position;
mod replies;
mod searcher;
mod session;
mod setup;
mod tables;
mod variant;
mod width;

pub use analysis::{Analysis, AnalysisResult, IterationReport, SearchSettings};
pub use computer::{HINT_TIME, Hint, Memory};
pub use described::{DescribedMove, MoveNumber, line_text};
pub use find::Unresolved;
pub use load::{choose_player, civil_date, record_tags, today};
pub use position::{Obligation, Position};
pub use replies::{Actions, DrawAnswer, DrawOffer, Ply, SessionError, UndoRequest, Undone};
pub use searcher::{OtherVariant, Searcher};
pub use session::{Chosen, Session, Thinking};
pub use setup::{Opening, Setup, StartError};
pub use variant::{Replayed, Variant};
