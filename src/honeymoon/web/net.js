// The connection to the server: hello with the seat token, moves with a version and a move
// id, and reconnection with exponential backoff whenever the socket drops.

const MIN_DELAY = 500;
const MAX_DELAY = 10000;
// The server closes a socket that says nothing for two minutes: ping well within that.
const PING_INTERVAL = 30000;

function moveId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class GameConnection {
  /**
   * @param {string} token the seat token from the link
   * @param {object} handlers onMessage(message), onStatus(status, detail)
   */
  constructor(token, handlers) {
    this.token = token;
    this.handlers = handlers;
    this.socket = null;
    this.attempt = 0;
    this.timer = null;
    this.pending = null; // the move sent and not yet answered
    this.stopped = false;
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    this.handlers.onStatus("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token }));
    });
    const pinger = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
    }, PING_INTERVAL);
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "hello") {
        this.attempt = 0;
        this.handlers.onStatus("connected");
        this.handlers.onMessage(message);
        // A move sent before the connection dropped goes again with the same id: the server
        // applies it once, or acknowledges it as a duplicate.
        if (this.pending) socket.send(JSON.stringify(this.pending));
        return;
      }
      if (message.type === "ack" && this.pending && message.move_id === this.pending.move_id) {
        this.pending = null;
      }
      if (message.type === "error" && this.pending && message.move_id === this.pending.move_id) {
        this.pending = null;
      }
      if (
        message.type === "error" &&
        (message.code === "bad_token" || message.code === "seat_link_replaced" ||
          message.code === "game_gone")
      ) {
        this.stopped = true;
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", () => {
      clearInterval(pinger);
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) {
        this.handlers.onStatus("stopped");
        return;
      }
      const delay = Math.min(MAX_DELAY, MIN_DELAY * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.handlers.onStatus("waiting", Math.round(delay / 1000));
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  reconnectNow() {
    if (this.stopped || this.socket) return;
    this.attempt = 0;
    this.connect();
  }

  /**
   * Send a move made on `version`: "sent", "busy" if one is already on its way, or "offline"
   * if the page has no connection now (the move is not kept: the player makes it again once
   * the connection is back, on the table as it then is). A move already sent when the
   * connection drops goes again with the same id on reconnection.
   */
  move(action, version) {
    if (this.pending) return "busy";
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return "offline";
    this.pending = { type: "move", action, version, move_id: moveId() };
    this.socket.send(JSON.stringify(this.pending));
    return "sent";
  }

  /** Send a request that is not a move (e.g. a review); false while the socket is closed. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  get busy() {
    return this.pending !== null;
  }
}
