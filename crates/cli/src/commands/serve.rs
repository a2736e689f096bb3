//! `bushka serve`: the web app.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use crate::error::CliError;
use crate::output;

/// Start the web app: play, analyse and author variants in a browser. Prints the
/// address to open; stops on Ctrl-C. Binds to this machine only unless `--host` says
/// otherwise.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on (0.0.0.0 serves every network the machine is on).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Open the address in the default web browser.
    #[arg(long)]
    open: bool,
    /// Searches (engine moves, analyses, lab runs) at once; others wait their turn.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    searches: Option<u64>,
    /// Endgame tables (from `bushka solve --save DIR`) that analyses probe: a covered
    /// position's panel says `tablebase: win in N`.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<std::path::PathBuf>,
}

/// Runs `serve`.
pub fn run(args: Args) -> Result<(), CliError> {
    let mut limits = bushka_web::Limits::default();
    if let Some(n) = args.searches {
        limits.max_searches = n as usize;
    }
    if let Some(dir) = &args.tablebases {
        let dir = bushka_engine::TablesDir::open(dir)?;
        // Refuse damaged or mismatched files now rather than during an analysis.
        for geometry in bushka_geometry::BUILTIN
            .iter()
            .filter_map(|b| bushka_geometry::builtin(b.name).and_then(Result::ok))
        {
            match dir.load(&geometry) {
                Ok(_) | Err(bushka_engine::TablesError::Empty { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        limits.tablebases = Some(std::sync::Arc::new(dir));
    }
    let addr = SocketAddr::new(args.host, args.port);
    let mut failure = None;
    bushka_web::run(addr, limits, |bound| {
        let host = if bound.ip().is_unspecified() {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            bound.ip()
        };
        let url = format!("http://{}", SocketAddr::new(host, bound.port()));
        failure = output::println(&format!("bushka web app: open {url} (Ctrl-C stops it)")).err();
        if let Some(Err(e)) = args.open.then(|| webbrowser::open(&url)) {
            output::eprintln(&format!("could not open a browser: {e}"));
        }
    })
    .map_err(|error| CliError::Serve {
        addr: addr.to_string(),
        error,
    })?;
    failure.map_or(Ok(()), Err)
}
