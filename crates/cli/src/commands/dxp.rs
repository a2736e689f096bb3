//! `bushka dxp`: the engine over DXP (DamExchange), International draughts.

use std::net::TcpListener;
use std::time::Duration;

use bushka_engine::{DEFAULT_HASH_MIB, HASH_MIB_RANGE, THREADS_RANGE};
use bushka_protocol::dxp::link::Link;
use bushka_protocol_server::dxp::{Initiation, serve_dxp};
use bushka_session::Searcher;

use crate::commands::load_variant;
use crate::error::CliError;

/// Play International draughts over DXP (DamExchange, version 01) with another program,
/// over one TCP connection: listen for it (`--listen`) or connect to it (`--connect`);
/// answer its game requests (the follower, by default) or send them (`--initiator`).
/// Prints a line per game. See the README.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Listen on ADDRESS (`HOST:PORT`; port 0 picks a free one, printed on standard
    /// error) and serve the first connection.
    #[arg(
        long,
        value_name = "ADDRESS",
        conflicts_with = "connect",
        required_unless_present = "connect"
    )]
    pub listen: Option<String>,
    /// Connect to a DXP program at `HOST:PORT` (DXP's port is 27531).
    #[arg(long, value_name = "HOST:PORT")]
    pub connect: Option<String>,
    /// Start the games (send the game requests) instead of answering them.
    #[arg(long)]
    pub initiator: bool,
    /// As the initiator: minutes per player for each game.
    #[arg(long, value_name = "MINUTES", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=999))]
    pub time: u16,
    /// As the initiator: moves in each game (0: no limit). DXP programs end a game
    /// when it reaches this many moves.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=999))]
    pub moves: u16,
    /// As the initiator: games to play, colours alternating (bushka White first).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub games: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MIB as u64, value_parser = clap::value_parser!(u64).range(HASH_MIB_RANGE))]
    pub hash: u64,
    /// Search threads (the others search beside the main one and share its table).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(THREADS_RANGE))]
    pub threads: u64,
}

/// How long `--connect` tries to reach the program.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Plays over one connection until the peer stops or the games are played.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = bushka_session::Variant::new(load_variant("draughts")?);
    let mut link = match (&args.listen, &args.connect) {
        (Some(address), _) => {
            let listener = TcpListener::bind(address).map_err(|error| CliError::Serve {
                addr: address.clone(),
                error,
            })?;
            let bound = listener.local_addr().map_err(CliError::Output)?;
            eprintln!("listening on {bound}");
            let (stream, _) = listener.accept().map_err(|error| CliError::Serve {
                addr: address.clone(),
                error,
            })?;
            Link::new(stream)
        }
        (None, Some(address)) => Link::connect(address, CONNECT_TIMEOUT)
            .map_err(|e| CliError::Usage(format!("cannot connect to {address}: {e}")))?,
        (None, None) => return Err(CliError::Usage("give --listen or --connect".into())),
    };
    let initiation = args.initiator.then_some(Initiation {
        minutes: args.time,
        moves: args.moves,
        games: args.games,
    });
    let searcher = Searcher::new(&variant, args.hash as usize).with_threads(args.threads as usize);
    serve_dxp(searcher, &mut link, initiation, &mut std::io::stdout()).map_err(CliError::Output)?;
    Ok(())
}
