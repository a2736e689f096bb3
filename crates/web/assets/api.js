// Calls to the server's JSON API. Every error answer carries {"error": "..."}.

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

/** GET (no body) or POST (a body) `path`; resolves to the decoded JSON answer. */
export async function api(path, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(response.status, typeof data === "object" ? data : { error: data });
  return data;
}

/** A text answer (game records). */
export async function apiText(path) {
  const response = await fetch(path);
  const text = await response.text();
  if (!response.ok) {
    let body;
    try { body = JSON.parse(text); } catch { body = { error: text }; }
    throw new ApiError(response.status, body);
  }
  return text;
}
