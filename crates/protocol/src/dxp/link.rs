//! DXP's layer 1: messages over a TCP stream, each ended by a NUL byte; reads wait
//! until a deadline, and a peer that writes more than a message's length without a
//! NUL is writing garbage.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use crate::dxp::message::{DxpMessage, MAX_MESSAGE};

/// The standard DXP port.
pub const DXP_PORT: u16 = 27531;

/// Why no message came.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LinkError {
    /// The peer closed the connection.
    #[error("the connection was closed")]
    Closed,
    /// Nothing came in time.
    #[error("no message within {0:.1} s")]
    Timeout(f64),
    /// Bytes that are no DXP message.
    #[error("garbage: {0}")]
    Garbage(String),
    /// The connection failed.
    #[error("{0}")]
    Io(String),
}

/// A DXP connection.
#[derive(Debug)]
pub struct Link {
    stream: TcpStream,
    /// Bytes received and not yet read as messages.
    pending: Vec<u8>,
}

impl Link {
    /// Connects to `address` (`HOST:PORT`), trying for `timeout` at most.
    pub fn connect(address: &str, timeout: Duration) -> Result<Link, LinkError> {
        let addrs = address
            .to_socket_addrs()
            .map_err(|e| LinkError::Io(format!("{address}: {e}")))?;
        let mut last = LinkError::Io(format!("{address}: no address"));
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, timeout) {
                Ok(stream) => return Ok(Link::new(stream)),
                Err(e) => last = LinkError::Io(format!("{address}: {e}")),
            }
        }
        Err(last)
    }

    /// A link over a connected stream.
    pub fn new(stream: TcpStream) -> Link {
        // Messages are small and each one is awaited: send at once.
        let _ = stream.set_nodelay(true);
        Link {
            stream,
            pending: Vec::new(),
        }
    }

    /// Sends `message` and its NUL.
    pub fn send(&mut self, message: &DxpMessage) -> Result<(), LinkError> {
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.stream
            .write_all(&bytes)
            .and_then(|()| self.stream.flush())
            .map_err(|e| LinkError::Io(e.to_string()))
    }

    /// The next message, waiting until `deadline` at most.
    pub fn receive(&mut self, deadline: Instant) -> Result<DxpMessage, LinkError> {
        let begun = Instant::now();
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == 0) {
                let bytes: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&bytes[..end]).into_owned();
                return DxpMessage::parse(&text).map_err(LinkError::Garbage);
            }
            if self.pending.len() > MAX_MESSAGE {
                return Err(LinkError::Garbage(format!(
                    "more than {MAX_MESSAGE} bytes without a NUL"
                )));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(LinkError::Timeout(begun.elapsed().as_secs_f64()));
            }
            self.stream
                .set_read_timeout(Some(left))
                .map_err(|e| LinkError::Io(e.to_string()))?;
            let mut buffer = [0u8; 256];
            match self.stream.read(&mut buffer) {
                Ok(0) => return Err(LinkError::Closed),
                Ok(n) => self.pending.extend_from_slice(&buffer[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(LinkError::Io(e.to_string())),
            }
        }
    }
}
