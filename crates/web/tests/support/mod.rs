//! A server on a loopback port for each test, and a client for it.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use bushka_web::Limits;
use serde_json::Value;

/// A running server and a client.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The client.
    pub client: reqwest::Client,
}

impl Server {
    /// A server with default limits.
    pub async fn start() -> Server {
        Server::with(Limits::default()).await
    }

    /// A server with these limits.
    pub async fn with(limits: Limits) -> Server {
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .expect("bind a loopback port");
        let addr = listener.local_addr().expect("bound address");
        tokio::spawn(bushka_web::serve(listener, limits, false));
        Server {
            base: format!("http://{addr}"),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(120))
                .build()
                .expect("client"),
        }
    }

    /// GET, returning status and JSON body.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        decode(self.client.get(format!("{}{path}", self.base))).await
    }

    /// POST a JSON value.
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        decode(self.client.post(format!("{}{path}", self.base)).json(&body)).await
    }

    /// POSTs `{}` to `path` in the background (a request that takes a while, such as a
    /// computer move); the task gives the status and the body.
    pub fn post_later(&self, path: &str) -> tokio::task::JoinHandle<(u16, String)> {
        let request = self
            .client
            .post(format!("{}{path}", self.base))
            .json(&serde_json::json!({}));
        tokio::spawn(async move {
            let r = request.send().await.expect("POST");
            (r.status().as_u16(), r.text().await.expect("body"))
        })
    }

    /// POST raw bytes with a JSON content type.
    pub async fn post_raw(&self, path: &str, body: Vec<u8>) -> (u16, Value) {
        let request = self.client.post(format!("{}{path}", self.base));
        decode(
            request
                .header("content-type", "application/json")
                .body(body),
        )
        .await
    }

    /// GET a text body.
    pub async fn text(&self, path: &str) -> (u16, String) {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("GET");
        let status = r.status().as_u16();
        (status, r.text().await.expect("body"))
    }

    /// The whole event stream of an analysis of game `id` at `movetime` ms.
    pub async fn analysis(&self, id: &str, movetime: u64) -> String {
        self.client
            .get(format!(
                "{}/api/games/{id}/analysis?movetime={movetime}",
                self.base
            ))
            .send()
            .await
            .expect("GET")
            .text()
            .await
            .expect("stream")
    }

    /// DELETE, returning the status.
    pub async fn delete(&self, path: &str) -> u16 {
        let r = self
            .client
            .delete(format!("{}{path}", self.base))
            .send()
            .await
            .expect("DELETE");
        r.status().as_u16()
    }

    /// Stops the think under way in game `id` (the request `thinking` made) and waits
    /// for its answer: the status and the body. The guard only keeps a broken stop
    /// from hanging the test.
    pub async fn stop_think(
        &self,
        id: &str,
        thinking: tokio::task::JoinHandle<(u16, String)>,
    ) -> (u16, String) {
        let (status, body) = self
            .post(&format!("/api/games/{id}/stop"), serde_json::json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        tokio::time::timeout(Duration::from_secs(120), thinking)
            .await
            .expect("the stopped think answers")
            .expect("the request's task")
    }

    /// Creates a game, returning its view.
    pub async fn new_game(&self, body: Value) -> Value {
        let (status, game) = self.post("/api/games", body).await;
        assert_eq!(status, 200, "{game}");
        game
    }
}

async fn decode(request: reqwest::RequestBuilder) -> (u16, Value) {
    let r = request.send().await.expect("a response");
    let status = r.status().as_u16();
    let text = r.text().await.expect("body");
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// Asserts an error answer: the status, and a JSON `error` containing `needle` (which
/// names what the message must say: never empty).
pub fn assert_error(answer: &(u16, Value), status: u16, needle: &str) {
    assert!(
        !needle.is_empty(),
        "an error test names the message it expects"
    );
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no JSON error in {}", answer.1));
    assert!(
        message.contains(needle),
        "`{message}` does not contain `{needle}`"
    );
}
