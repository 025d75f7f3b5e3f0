// Honeymoon Bridge in the browser: the lobby (create a game) and the table (play one).
// A seat link is /play#TOKEN: the token stays in the fragment, which browsers never send to
// the server, and goes to the server only inside the websocket's hello message.

import { AccountPanel } from "./account.js";
import { FourHandTable } from "./fourhand.js";
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

/** The remembered game of `old` now opens with `token` (its link was replaced). */
function rememberReplaced(old, token) {
  const games = recall().map((g) => (g.token === old ? { ...g, token } : g));
  try {
    localStorage.setItem(STORE, JSON.stringify(games));
  } catch {
    // private browsing: nothing was remembered
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

let noticeTimer = null;

/** A notice over the top bar; `seconds` hides it again (an error stays until replaced). */
function notify(text, seconds = 0) {
  const notice = document.getElementById("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  if (seconds) noticeTimer = setTimeout(() => { notice.hidden = true; }, seconds * 1000);
}

// The variants and their options, from /api/options (the lobby is drawn before they arrive).
let variants = [];

async function loadOptions() {
  const response = await fetch("/api/options");
  if (!response.ok) throw new Error(response.statusText);
  return (await response.json()).variants;
}

/** The variant and the options chosen in the lobby, as /api/games takes them. */
function chosenGame() {
  const select = document.getElementById("variant");
  const name = select ? select.value : "draw-discard";
  const options = {};
  main.querySelectorAll("#variant-options input[type=checkbox]").forEach((box) => {
    options[box.name] = box.checked;
  });
  const variant = variants.find((v) => v.name === name);
  return { variant: name, options, title: variant ? variant.title : name };
}

function renderVariantChoice() {
  const select = document.getElementById("variant");
  const variant = variants.find((v) => v.name === select.value) || variants[0];
  document.getElementById("variant-summary").textContent = variant ? variant.summary : "";
  const boxes = (variant ? variant.options : []).map((option) => `
    <li><label><input type="checkbox" name="${esc(option.name)}" ${option.default ? "checked" : ""}>
      ${esc(option.label)}</label></li>`).join("");
  document.getElementById("variant-options").innerHTML = boxes
    ? `<fieldset><legend>Options</legend><ul class="options">${boxes}</ul></fieldset>` : "";
}

function showLobby() {
  document.title = "Honeymoon Bridge";
  connectionLine.textContent = "";
  const games = recall();
  const list = games.map((g) => `<li><a href="/play#${esc(g.token)}">${esc(g.label)}</a>
    <span class="when">${esc(new Date(g.created).toLocaleString())}</span></li>`).join("");
  main.innerHTML = `
    <div class="lobby">
      <section aria-labelledby="variant-title" class="choose">
        <h2 id="variant-title">The game</h2>
        <label for="variant">Variant</label>
        <select id="variant" name="variant">
          <option value="draw-discard">Draw and Discard Bridge</option>
        </select>
        <p id="variant-summary" class="summary-text">Nothing is dealt: in turns the players look
        at the top card of the stock and keep it or reject it. Then a two-person auction,
        thirteen two-card tricks and rubber scoring.</p>
        <div id="variant-options"></div>
      </section>
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
        <p class="check"><label><input type="checkbox" id="offer-hints"> Offer hints to both of us</label></p>
        <p class="hint">Between two people hints are off unless both agree: your partner is
        asked when they open their seat, and both of you see how many hints each asked.</p>
        <button type="button" data-friend="1">Create a game for two</button>
        <div id="share"></div>
      </section>
      <section id="account" aria-labelledby="account-title" class="account"></section>
      ${list ? `<section aria-labelledby="games-title"><h2 id="games-title">Your games</h2><ul class="games">${list}</ul></section>` : ""}
    </div>`;
  const titles = {};
  const account = new AccountPanel(document.getElementById("account"), { notify, titles });
  const select = document.getElementById("variant");
  select.addEventListener("change", renderVariantChoice);
  const options = loadOptions();
  // The account's games are named by the variants' titles: they are drawn once those came.
  options.then((loaded) => loaded.forEach((v) => { titles[v.name] = v.title; }))
    .catch(() => {}).finally(() => account.show());
  options.then((loaded) => {
    variants = loaded;
    const current = select.value;
    // Two groups: the two-hand variants, then those with four hands (each player a dummy).
    const group = (label, list) => `<optgroup label="${esc(label)}">${list.map((v) =>
      `<option value="${esc(v.name)}">${esc(v.title)}</option>`).join("")}</optgroup>`;
    const four = variants.filter((v) => v.four_hands);
    const two = variants.filter((v) => !v.four_hands);
    select.innerHTML = group("Two hands", two) +
      (four.length ? group("Four hands: each player with a dummy", four) : "");
    if (variants.some((v) => v.name === current)) select.value = current;
    renderVariantChoice();
    select.dataset.loaded = "1";
  }).catch((error) => notify(`The variants could not be loaded: ${error.message}`));
  main.querySelectorAll("button[data-level]").forEach((button) => {
    button.addEventListener("click", async () => {
      button.disabled = true;
      const chosen = chosenGame();
      try {
        const game = await createGame({
          opponent: "computer", level: button.dataset.level,
          variant: chosen.variant, options: chosen.options,
        });
        remember({ token: game.token, created: Date.now(), label: `${chosen.title} against the computer (${button.dataset.level})` });
        location.assign(`/play#${game.token}`);
      } catch (error) {
        notify(`The game could not be created: ${error.message}`);
        button.disabled = false;
      }
    });
  });
  main.querySelector("button[data-friend]").addEventListener("click", async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    const chosen = chosenGame();
    try {
      const game = await createGame({
        opponent: "friend", variant: chosen.variant, options: chosen.options,
        hints: document.getElementById("offer-hints").checked,
      });
      remember({ token: game.token, created: Date.now(), label: `${chosen.title} with a friend` });
      showShare(game);
    } catch (error) {
      notify(`The game could not be created: ${error.message}`);
      button.disabled = false;
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
    notify("The link is copied.", 4);
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
      if (message.type === "error" && message.code === "seat_link_replaced") {
        main.innerHTML = `<div class="lobby"><h2>This seat has a new link</h2>
          <p>The seat's link was replaced, so this one no longer opens it. Use the new link,
          or <a href="/">start a new game</a>.</p></div>`;
        return;
      }
      if (message.type === "error" && message.code === "game_gone") {
        main.innerHTML = `<div class="lobby"><h2>This game was deleted</h2>
          <p>The server no longer keeps this game, so its links open nothing.
          <a href="/">Start a new game</a>.</p></div>`;
        return;
      }
      // The first hello says which table this game is played at: two hands or four.
      if (!table) {
        if (message.type === "error") notify(message.message);
        if (message.type !== "hello") return;
        table = message.game.four_hands
          ? new FourHandTable(main, connection, token) : new Table(main, connection, token);
      }
      table.onMessage(message);
    },
    onStatus: (status, seconds) => {
      const words = {
        connecting: "Connecting…",
        connected: "Connected",
        waiting: navigator.onLine
          ? `Connection lost. Trying again in ${seconds} s…`
          : "Offline: the game is kept on the server, and this page reconnects when the connection is back.",
        stopped: "Not connected",
      };
      connectionLine.textContent = words[status] || "";
      connectionLine.dataset.status = status;
    },
  });
  main.addEventListener("seat-link-replaced", (event) => {
    rememberReplaced(event.detail.old, event.detail.token);
    connection.stopped = true; // the old link's socket is closed by the server
    location.replace(`/play#${event.detail.token}`); // the hash changes: the page reloads
  });
  connection.connect();
}

/** Shown when the page has no connection: the installed app opens from its copy of the shell. */
function showOffline() {
  document.title = "Honeymoon Bridge: offline";
  connectionLine.textContent = "Offline";
  connectionLine.dataset.status = "offline";
  main.innerHTML = `<div class="lobby offline"><h2>You are offline</h2>
    <p>Honeymoon Bridge needs a connection to play. Your games are kept on the server: this
    page opens them again by itself when the connection is back.</p></div>`;
  // The "online" event alone is not enough: it can come before the server answers again, or
  // before this page was drawn. So the page also asks the server now and then, and opens the
  // game again as soon as it answers.
  let asking = false;
  const openAgainIfBack = async () => {
    if (asking || !navigator.onLine) return;
    asking = true;
    try {
      const answer = await fetch("/healthz", { cache: "no-store" });
      if (answer.ok) location.reload();
    } catch {
      // still no server: the next try will tell
    } finally {
      asking = false;
    }
  };
  window.addEventListener("online", openAgainIfBack);
  setInterval(openAgainIfBack, 2000);
}

function route() {
  if (!navigator.onLine) {
    showOffline();
    return;
  }
  const token = location.hash.slice(1);
  if (location.pathname === "/play" && token) showTable(decodeURIComponent(token));
  else showLobby();
}

window.addEventListener("hashchange", () => location.reload());
// The service worker keeps the app shell, so the installed app opens without a connection.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
route();
