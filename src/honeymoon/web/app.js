// Honeymoon Bridge in the browser: the lobby (create a game) and the table (play one).
// A seat link is /play#TOKEN: the token stays in the fragment, which browsers never send to
// the server, and goes to the server only inside the websocket's hello message.

import { GameConnection } from "./net.js";
import { Table } from "./table.js";

const main = document.getElementById("main");
const connectionLine = document.getElementById("connection");
const STORE = "honeymoon.games";

const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function remember(entry) {
  const games = recall().filter((g) => g.token !== entry.token);
  games.unshift(entry);
  try {
    localStorage.setItem(STORE, JSON.stringify(games.slice(0, 10)));
  } catch {
    // private browsing: the link still works, it is just not listed
  }
}

function recall() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "[]");
  } catch {
    return [];
  }
}

async function createGame(body) {
  const response = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ? answer.error.message : response.statusText);
  return answer;
}

function notify(text) {
  const notice = document.getElementById("notice");
  notice.textContent = text;
  notice.hidden = false;
}

function showLobby() {
  document.title = "Honeymoon Bridge";
  connectionLine.textContent = "";
  const games = recall();
  const list = games.map((g) => `<li><a href="/play#${esc(g.token)}">${esc(g.label)}</a>
    <span class="when">${esc(new Date(g.created).toLocaleString())}</span></li>`).join("");
  main.innerHTML = `
    <div class="lobby">
      <section aria-labelledby="computer-title">
        <h2 id="computer-title">Play against the computer</h2>
        <div class="buttons">
          <button type="button" data-level="easy" aria-label="Play against the computer: easy">Easy</button>
          <button type="button" data-level="medium" aria-label="Play against the computer: medium">Medium</button>
          <button type="button" data-level="hard" aria-label="Play against the computer: hard">Hard</button>
        </div>
      </section>
      <section aria-labelledby="friend-title">
        <h2 id="friend-title">Play with someone</h2>
        <p>Two devices, one game: you take a seat and send the other link to your partner.</p>
        <button type="button" data-friend="1">Create a game for two</button>
        <div id="share"></div>
      </section>
      ${list ? `<section aria-labelledby="games-title"><h2 id="games-title">Your games</h2><ul class="games">${list}</ul></section>` : ""}
      <section aria-labelledby="rules-title">
        <h2 id="rules-title">The game</h2>
        <p>Draw and Discard Bridge: nothing is dealt. In turns you look at the top card of the
        stock and keep it (the next card is discarded unseen) or reject it (and keep the next).
        With 13 cards each you bid, play thirteen two-card tricks and score as in rubber bridge.</p>
      </section>
    </div>`;
  main.querySelectorAll("button[data-level]").forEach((button) => {
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const game = await createGame({ opponent: "computer", level: button.dataset.level });
        remember({ token: game.token, created: Date.now(), label: `Against the computer (${button.dataset.level})` });
        location.assign(`/play#${game.token}`);
      } catch (error) {
        notify(`The game could not be created: ${error.message}`);
        button.disabled = false;
      }
    });
  });
  main.querySelector("button[data-friend]").addEventListener("click", async (event) => {
    event.currentTarget.disabled = true;
    try {
      const game = await createGame({ opponent: "friend" });
      remember({ token: game.token, created: Date.now(), label: "With a friend" });
      showShare(game);
    } catch (error) {
      notify(`The game could not be created: ${error.message}`);
      event.currentTarget.disabled = false;
    }
  });
}

function showShare(game) {
  const share = document.getElementById("share");
  // Links from this page's own address, which is right behind a proxy too.
  const link = `${location.origin}/play#${game.opponent_token}`;
  share.innerHTML = `
    <label for="friend-link">Send this link to the other player (it opens their seat):</label>
    <input id="friend-link" type="text" readonly value="${esc(link)}">
    <div class="buttons">
      <button type="button" data-copy="1">Copy the link</button>
      ${navigator.share ? '<button type="button" data-share="1">Share the link…</button>' : ""}
      <a class="button primary" href="/play#${esc(game.token)}">Go to your seat</a>
    </div>
    <p class="hint">Keep your own link (this page remembers it under “Your games”): it resumes
    your seat from any device.</p>`;
  const input = share.querySelector("#friend-link");
  share.querySelector("[data-copy]").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    notify("The link is copied.");
  });
  const shareButton = share.querySelector("[data-share]");
  if (shareButton) {
    shareButton.addEventListener("click", () => {
      navigator.share({ title: "Honeymoon Bridge", text: "Your seat at our table", url: input.value })
        .catch(() => {});
    });
  }
  input.focus();
  input.select();
}

function showTable(token) {
  document.title = "Honeymoon Bridge: at the table";
  main.innerHTML = '<p class="loading">Joining the table…</p>';
  let table = null;
  const connection = new GameConnection(token, {
    onMessage: (message) => {
      if (message.type === "error" && message.code === "bad_token") {
        main.innerHTML = `<div class="lobby"><h2>This link opens no seat</h2>
          <p>Check that the whole link was copied, or <a href="/">start a new game</a>.</p></div>`;
        return;
      }
      table.onMessage(message);
    },
    onStatus: (status, seconds) => {
      const words = {
        connecting: "Connecting…",
        connected: "Connected",
        waiting: `Connection lost. Trying again in ${seconds} s…`,
        stopped: "Not connected",
      };
      connectionLine.textContent = words[status] || "";
      connectionLine.dataset.status = status;
    },
  });
  table = new Table(main, connection, token);
  connection.connect();
}

function route() {
  const token = location.hash.slice(1);
  if (location.pathname === "/play" && token) showTable(decodeURIComponent(token));
  else showLobby();
}

window.addEventListener("hashchange", () => location.reload());
route();
