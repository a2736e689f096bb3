//! `bushka serve`: the web app.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};

use bushka_web::Store;

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
    tablebases: Option<PathBuf>,
    /// Directory of the games database: every game, move, seat and result is written
    /// there as it happens, and a restarted server finds them again (default: the
    /// per-user data directory, `~/.local/share/bushka` on Linux).
    #[arg(long, value_name = "DIR", conflicts_with = "memory")]
    data: Option<PathBuf>,
    /// Keep the games in memory only: nothing is written, and they are gone when the
    /// server stops.
    #[arg(long)]
    memory: bool,
    /// Write the record of every finished game in the database into DIR (one `.pdn`
    /// file each), then exit without serving.
    #[arg(long, value_name = "DIR", conflicts_with = "memory")]
    export: Option<PathBuf>,
    /// A program players may choose in the browser, by NAME only (as `program:NAME`):
    /// SPEC is `hub:COMMAND`, `ugi:COMMAND` or `dxp:HOST:PORT`, with options, as in
    /// `bushka match`. Repeat for more. A browser never names a command itself.
    #[arg(long, value_name = "NAME=SPEC")]
    program: Vec<String>,
}

/// The programs of the `--program NAME=SPEC` options.
fn programs(options: &[String]) -> Result<bushka_web::Programs, CliError> {
    let mut programs = bushka_web::Programs::default();
    for option in options {
        let (name, spec) = option
            .split_once('=')
            .ok_or_else(|| CliError::Usage(format!("--program `{option}`: give NAME=SPEC")))?;
        programs
            .add(name.trim(), spec.trim())
            .map_err(|why| CliError::Usage(format!("--program `{option}`: {why}")))?;
    }
    Ok(programs)
}

/// The games database's directory: `--data`, else the per-user data directory.
fn data_dir(data: Option<PathBuf>) -> Result<PathBuf, CliError> {
    data.or_else(|| dirs::data_dir().map(|d| d.join("bushka")))
        .ok_or_else(|| {
            CliError::Usage(
                "this system names no per-user data directory: give --data DIR (or --memory)"
                    .into(),
            )
        })
}

/// Writes every finished game's record into `out`.
fn export(data: &Path, out: &Path) -> Result<(), CliError> {
    let store = Store::open(data)?;
    let count = bushka_web::export(&store, out)?;
    output::println(&format!(
        "wrote {count} finished game{} to {}",
        if count == 1 { "" } else { "s" },
        out.display()
    ))
}

/// Runs `serve`.
pub fn run(args: Args) -> Result<(), CliError> {
    let store = if args.memory {
        None
    } else {
        Some(data_dir(args.data.clone())?)
    };
    if let (Some(out), Some(data)) = (&args.export, &store) {
        return export(data, out);
    }
    let store = match &store {
        Some(dir) => Store::open(dir)?,
        None => Store::in_memory()?,
    };
    let kept = match store.path() {
        Some(path) => format!("games are kept in {}", path.display()),
        None => "games are kept in memory only (--memory): they go when the server stops".into(),
    };
    let mut limits = bushka_web::Limits {
        programs: programs(&args.program)?,
        ..bushka_web::Limits::default()
    };
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
    bushka_web::run(addr, limits, store, |bound, restored| {
        let host = if bound.ip().is_unspecified() {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            bound.ip()
        };
        let url = format!("http://{}", SocketAddr::new(host, bound.port()));
        let back = match restored {
            0 => String::new(),
            1 => "; 1 unfinished game is back".into(),
            n => format!("; {n} unfinished games are back"),
        };
        failure = output::println(&format!("bushka web app: open {url} (Ctrl-C stops it)"))
            .and_then(|()| output::println(&format!("{kept}{back}")))
            .err();
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
