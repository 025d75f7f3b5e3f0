// The account in the lobby: signing in with a code sent by email (no password), the name the
// other players see, the account's games on every device (each resumed with a new seat link),
// and signing out. The session is an HttpOnly cookie: this script never sees it.

const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** POST `body` as JSON to `path`; the answer, or an Error with the server's message. */
async function post(path, body = {}) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error ? answer.error.message : response.statusText);
  return answer;
}

async function get(path) {
  const response = await fetch(path, { cache: "no-store" });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error ? answer.error.message : response.statusText);
  return answer;
}

/** How a game of the account's list is named: the variant and whom it is played against. */
function gameLabel(game, titles) {
  const title = titles[game.variant] || game.variant;
  if (game.opponent === "computer") return `${title} against the computer (${game.level})`;
  return `${title} with ${game.opponent_name || "a guest"}`;
}

/** A short name for a device, from the start of its browser's User-Agent. */
function deviceName(agent) {
  const browser = (agent.match(/(Firefox|Edg|OPR|Chrome|Safari)\//) || [])[1];
  const system = (agent.match(/(Android|iPhone|iPad|Windows|Mac OS X|CrOS|Linux)/) || [])[1];
  const names = { Edg: "Edge", OPR: "Opera", "Mac OS X": "Mac", CrOS: "ChromeOS" };
  const words = [browser && (names[browser] || browser), system && (names[system] || system)];
  return words.filter(Boolean).join(" on ") || "A device";
}

/** The account's section of the lobby, drawn into `section` (and drawn again on a change). */
export class AccountPanel {
  constructor(section, { notify, titles }) {
    this.section = section;
    this.notify = notify;
    this.titles = titles; // variant name -> title, filled in when the options arrive
    this.email = "";
  }

  async show() {
    try {
      const account = await get("/api/account");
      if (!account.signed_in) this.askEmail();
      else if (!account.name) this.askName(account);
      else await this.showAccount(account);
    } catch (error) {
      this.section.innerHTML = "";
      this.notify(`The account could not be loaded: ${error.message}`);
    }
  }

  form(html, onSubmit) {
    this.section.innerHTML = html;
    const form = this.section.querySelector("form");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        await onSubmit(form);
      } catch (error) {
        this.notify(error.message);
        button.disabled = false;
      }
    });
    const first = form.querySelector("input");
    if (first && this.section.dataset.focus) first.focus();
  }

  askEmail() {
    this.form(`
      <h2 id="account-title">Sign in</h2>
      <p>Sign in to find your games on any device. No password: we mail you a code.</p>
      <form class="sign-in" data-step="email">
        <label for="sign-in-email">Email address</label>
        <input id="sign-in-email" name="email" type="email" autocomplete="email" required
          value="${esc(this.email)}">
        <button type="submit">Send me a code</button>
      </form>`, async (form) => {
      this.email = form.email.value.trim();
      await post("/api/sign-in/code", { email: this.email });
      this.section.dataset.focus = "1";
      this.askCode();
    });
  }

  askCode() {
    this.form(`
      <h2 id="account-title">Sign in</h2>
      <p>We sent a code to ${esc(this.email)}. It works once, for ten minutes.</p>
      <form class="sign-in" data-step="code">
        <label for="sign-in-code">Code from the mail</label>
        <input id="sign-in-code" name="code" type="text" inputmode="text" autocomplete="one-time-code"
          maxlength="8" required autocapitalize="characters" spellcheck="false">
        <button type="submit">Sign in</button>
        <button type="button" data-other="1" class="plain">Use another address</button>
      </form>`, async (form) => {
      const account = await post("/api/sign-in", { email: this.email, code: form.code.value });
      if (!account.name) this.askName(account);
      else await this.showAccount(account);
    });
    this.section.querySelector("[data-other]").addEventListener("click", () => this.askEmail());
  }

  askName(account) {
    this.form(`
      <h2 id="account-title">Your name</h2>
      <p>The name other players see (your address is never shown to them).</p>
      <form class="sign-in" data-step="name">
        <label for="account-name">Name</label>
        <input id="account-name" name="name" type="text" maxlength="32" required autocomplete="nickname"
          value="${esc(account.name || "")}">
        <button type="submit">Save the name</button>
      </form>`, async (form) => {
      await this.showAccount(await post("/api/account/name", { name: form.name.value }));
    });
  }

  async showAccount(account) {
    const [{ games }, { sessions }] = await Promise.all(
      [get("/api/account/games"), get("/api/account/sessions")]);
    const device = (session) => `<li data-session="${esc(session.id)}">
      <span class="label">${esc(deviceName(session.device))}${session.current ? " (this device)" : ""}</span>
      <span class="when">last seen ${esc(new Date(session.last_seen_at).toLocaleString())}</span>
      ${session.current ? "" : `<button type="button" data-revoke="${esc(session.id)}"
        aria-label="Revoke the sign-in of ${esc(deviceName(session.device))}">Revoke</button>`}
    </li>`;
    const item = (game) => `<li data-game="${esc(game.game_id)}">
      <span class="label">${esc(gameLabel(game, this.titles))}</span>
      <span class="when">${game.finished ? "finished" : "in progress"},
        ${esc(new Date(game.updated_at).toLocaleString())}</span>
      <button type="button" data-resume="${esc(game.game_id)}">${game.finished ? "Open" : "Resume"}</button>
    </li>`;
    this.section.innerHTML = `
      <h2 id="account-title">Signed in as <span class="account-name">${esc(account.name)}</span></h2>
      <div class="buttons">
        <button type="button" data-rename="1">Change the name</button>
        <button type="button" data-sign-out="1">Sign out</button>
      </div>
      <h3>Your games on every device</h3>
      ${games.length ? `<ul class="games account-games">${games.map(item).join("")}</ul>`
        : "<p>None yet: a game you create, or a seat you open, while signed in is kept here.</p>"}
      <h3>Signed in on</h3>
      <ul class="games account-sessions">${
        sessions.sort((a, b) => b.current - a.current).map(device).join("")}</ul>`;
    this.section.querySelector("[data-rename]").addEventListener("click", () => {
      this.section.dataset.focus = "1";
      this.askName(account);
    });
    this.section.querySelector("[data-sign-out]").addEventListener("click", async () => {
      try {
        await post("/api/sign-out");
        this.askEmail();
      } catch (error) {
        this.notify(`Could not sign out: ${error.message}`);
      }
    });
    this.section.querySelectorAll("[data-revoke]").forEach((button) => {
      button.addEventListener("click", async () => {
        button.disabled = true;
        try {
          await post(`/api/account/sessions/${encodeURIComponent(button.dataset.revoke)}/revoke`);
          button.closest("li").remove();
        } catch (error) {
          this.notify(`Could not revoke the sign-in: ${error.message}`);
          button.disabled = false;
        }
      });
    });
    this.section.querySelectorAll("[data-resume]").forEach((button) => {
      button.addEventListener("click", () => this.resume(button));
    });
  }

  /** Open the account's seat in a game on this device: a new seat link is issued for it
   * (the seat's old link, on another device, stops working). */
  async resume(button) {
    button.disabled = true;
    try {
      const link = await post(`/api/account/games/${encodeURIComponent(button.dataset.resume)}/seat-link`);
      location.assign(`/play#${link.token}`);
    } catch (error) {
      this.notify(`The game could not be opened: ${error.message}`);
      button.disabled = false;
    }
  }
}
