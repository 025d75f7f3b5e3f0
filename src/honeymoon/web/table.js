// The card table: renders a seat's view (exactly what the server sent) and turns clicks into
// moves. Every control is a <button> with an accessible name.

import {
  DOUBLE, KEEP, PASS, REDOUBLE, REJECT, STRAIN_KEYS, STRAINS,
  bidAction, call, card, count, display, setDisplay, sortHand, strainLabel,
} from "./cards.js";
import { hintLine, hintNumbers } from "./hints.js";

const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function cardFace(pbn, extra = "") {
  const c = card(pbn);
  return `<span class="face ${c.red ? "red" : "black"} ${extra}" aria-label="${esc(c.name)}">` +
    `<span class="rank">${esc(c.label.slice(1))}</span><span class="suit" aria-hidden="true">${c.symbol}</span></span>`;
}

/** A call's action number in words: the name ("2 hearts", "pass") and the question the
 * confirm step asks ("Bid 2 hearts?"). */
function callWords(action) {
  if (action === PASS) return { name: "pass", question: "Pass?" };
  if (action === DOUBLE) return { name: "double", question: "Double?" };
  if (action === REDOUBLE) return { name: "redouble", question: "Redouble?" };
  const level = Math.floor((action - bidAction(1, 0)) / 5) + 1;
  const strain = STRAIN_KEYS[(action - bidAction(1, 0)) % 5];
  const name = call(`${level}${strain}`).name;
  return { name: `bid ${name}`, question: `Bid ${name}?` };
}

function callFace(text) {
  const c = call(text);
  return `<span class="call ${c.red ? "red" : ""}" aria-label="${esc(c.name)}">${esc(c.label)}</span>`;
}

// The page's option: a card that is the only legal one plays itself after this pause.
const AUTOPLAY = "honeymoon.autoplay";
const AUTOPLAY_PAUSE = 700;
// The page's display option: suits as letters, the ten as T (kept as {letters, ten}).
const DISPLAY = "honeymoon.display";
// The page's option: a call is made in two taps, the call then Confirm ("on" or "off"; by
// default on where the screen is small, as on a phone, where a bid is easily mis-tapped).
const CONFIRM_CALLS = "honeymoon.confirm-calls";
// The page's option: how fast cards move (ms a card takes to reach the trick); none at all
// where the system asks for reduced motion.
const SPEED = "honeymoon.speed";
const SPEEDS = { slow: 600, normal: 300, fast: 150, off: 0 };
const SPEED_NAMES = { slow: "Slow", normal: "Normal", fast: "Fast", off: "No motion" };
// The walkthrough of the drawing, shown once on a first game against the computer ("done").
const WALKTHROUGH = "honeymoon.walkthrough";
const SMALL_SCREEN = "(max-width: 600px)";

export class Table {
  constructor(root, connection, token) {
    this.root = root;
    this.connection = connection;
    this.token = token;
    this.game = null;
    this.version = -1;
    this.ackedVersion = -1; // the version the server's last ack of a move of ours reached
    this.view = null;
    this.presence = {};
    this.chosenLevel = null; // the bidding box's level, chosen at auction length chosenLevelAt
    this.chosenLevelAt = -1;
    this.root.addEventListener("click", (event) => this.onClick(event));
    this.review = null; // the hand being reviewed (the server's review message) and its step
    this.reviewStep = 0;
    this.reviewClaims = [];
    this.analyses = {}; // the server's analysis message of each finished hand, by number
    this.dialog = null;
    this.claimNote = null; // {hand, text}: what became of the last claim made in a hand
    this.claiming = false; // a claim sent and not yet answered
    this.autoTimer = null; // the forced card about to play itself, and its version
    this.autoVersion = -1;
    this.autoPlay = Table.loadAutoPlay();
    this.confirmCalls = Table.loadConfirmCalls();
    this.speed = Table.stored(SPEED, Object.keys(SPEEDS), "normal");
    this.shown = null; // what the last drawing showed: hand, tricks, cards in the trick, card looked at
    this.walkthroughStep = null; // the step of the drawing's walkthrough on show, or null
    this.proposedCall = null; // {action, version}: a call tapped and not yet confirmed
    this.hint = null; // the server's hint message for the current version, once asked
    this.hintAsked = -1; // the version a hint was asked on and not yet answered
    // Whether hints are allowed (the server's fair_play: state, offered_by, asked by seat).
    this.fairPlay = { state: "on", offered_by: null, asked: {} };
    this.leftBy = null; // the seat that left the rubber, once the other ended it so
    Table.loadDisplay();
  }

  /** How cards are written (suit symbols or letters, 10 or T), as the player left it. */
  static loadDisplay() {
    try {
      setDisplay(JSON.parse(localStorage.getItem(DISPLAY) || "{}") || {});
    } catch {
      setDisplay({});
    }
  }

  setDisplayOption(options) {
    setDisplay({ ...display, ...options });
    try {
      localStorage.setItem(DISPLAY, JSON.stringify({ letters: display.letters, ten: display.ten }));
    } catch {
      // private browsing: the choice lasts as long as the page
    }
    this.render();
  }

  /** Forced cards play themselves unless the player turned it off (remembered here). */
  static loadAutoPlay() {
    try {
      return localStorage.getItem(AUTOPLAY) !== "off";
    } catch {
      return true;
    }
  }

  /** A choice this browser remembers: one of `allowed`, else `fallback`. */
  static stored(key, allowed, fallback) {
    try {
      const value = localStorage.getItem(key);
      if (allowed.includes(value)) return value;
    } catch {
      // private browsing: the default
    }
    return fallback;
  }

  static remember(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // private browsing: the choice lasts as long as the page
    }
  }

  setSpeed(speed) {
    this.speed = speed;
    Table.remember(SPEED, speed);
    this.render();
  }

  /** How long a card takes to move, in ms: 0 for no motion (the setting, or the system's
   * reduced motion). */
  motionMs() {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
    return SPEEDS[this.speed];
  }

  /** Motion that tells what happened since the last drawing: the card just played travels
   * from its player's side to the trick, the trick just won shrinks to its place beside the
   * next one, the card looked at in the drawing turns over. Transforms only: nothing around
   * moves. */
  animateChanges() {
    const v = this.view;
    const before = this.shown;
    const now = {
      hand: v.hand_number,
      tricks: (v.tricks || []).length,
      cards: v.current_trick ? v.current_trick.cards.length : 0,
      looking: v.looking_at || null,
      last: !!this.root.querySelector(".center .trick.last"),
    };
    this.shown = now;
    const ms = this.motionMs();
    if (!ms || !before || before.hand !== now.hand) return;
    const options = { duration: ms, easing: "ease-out" };
    if (now.tricks > before.tricks || (now.tricks === before.tricks && now.cards > before.cards)) {
      this.animateCardPlayed(options);
    }
    this.animateTrickWon(options, before, now);
    if (now.looking && now.looking !== before.looking) {
      const face = this.root.querySelector(".draw .face.big");
      if (face) face.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], options);
    }
  }

  /** The card just played travels from its player's side of the table to the trick. */
  animateCardPlayed(options) {
    const slot = this.root.querySelector(".center .trick:not(.last) li:last-child");
    if (!slot) return;
    const rise = slot.dataset.seat === this.mySeat() ? 90 : -90;
    slot.animate([{ transform: `translateY(${rise}px)`, opacity: 0.3 }, { transform: "none", opacity: 1 }], options);
  }

  /** The trick just won goes toward its winner: here it shrinks to its place beside the next
   * trick (it stays in view as the last trick). */
  animateTrickWon(options, before) {
    const last = this.root.querySelector(".center .trick.last");
    if (!last || before.last) return;
    const toward = last.dataset.winner === this.mySeat() ? 40 : -40;
    last.animate([{ transform: `translate(-60%, ${toward}px) scale(1.4)`, opacity: 0.2 }, { transform: "none", opacity: 1 }], options);
  }

  // -- the walkthrough of the drawing (a first game against the computer) ------------------

  /** Whether to begin the walkthrough now: the first turns of a first game against the
   * computer, in a game that draws (Draw and Discard), unless this browser has seen it. */
  maybeStartWalkthrough() {
    const v = this.view;
    if (this.walkthroughStep !== null || this.walkthroughOffered) return;
    this.walkthroughOffered = true;
    if (!this.game || this.game.opponent !== "computer" || this.procedure() !== "draw-discard") return;
    if (v.phase !== "drawing" || v.hand_number !== 0 || v.stock_remaining < 48) return;
    if (Table.stored(WALKTHROUGH, ["done"], "") === "done") return;
    this.walkthroughStep = 0;
  }

  walkthroughSteps() {
    const keep = this.keepEndsTurn()
      ? "Keep it and your turn ends; or reject it: it goes face down to your discards and you keep the next card."
      : "Keep it, and the next card goes face down to your discards; or reject it: it goes to your discards and you keep the next card.";
    return [
      "Nothing is dealt: the 52 cards are the stock, face down. In turns, each of you looks at its top card.",
      `${keep} Only you ever see your discards.`,
      "Twenty-six turns each build your thirteen cards, so keep high cards and long suits. Then come the auction and thirteen tricks of two cards, as in bridge.",
    ];
  }

  renderWalkthrough() {
    const step = this.walkthroughStep;
    if (step === null || this.view.phase !== "drawing") return "";
    const steps = this.walkthroughSteps();
    const last = step + 1 === steps.length;
    return `<section class="walkthrough" aria-labelledby="walkthrough-title">
      <h2 id="walkthrough-title">How the drawing works (${step + 1} of ${steps.length})</h2>
      <p>${esc(steps[step])}</p>
      <div class="buttons">
        <button type="button" class="primary" data-walkthrough="${last ? "done" : "next"}" data-key="walkthrough-next">${last ? "Done" : "Next"}</button>
        ${last ? "" : '<button type="button" data-walkthrough="done" data-key="walkthrough-skip">Skip the walkthrough</button>'}
      </div>
    </section>`;
  }

  onWalkthrough(choice) {
    if (choice === "replay") {
      this.walkthroughStep = 0;
    } else if (choice === "next") {
      this.walkthroughStep += 1;
    } else {
      this.walkthroughStep = null;
      Table.remember(WALKTHROUGH, "done");
    }
    this.render();
  }

  /** Calls wait for a Confirm tap unless the player turned it off (remembered here). */
  static loadConfirmCalls() {
    try {
      const stored = localStorage.getItem(CONFIRM_CALLS);
      if (stored === "on" || stored === "off") return stored === "on";
    } catch {
      // private browsing: the default
    }
    return window.matchMedia(SMALL_SCREEN).matches;
  }

  setConfirmCalls(on) {
    this.confirmCalls = on;
    this.proposedCall = null;
    try {
      localStorage.setItem(CONFIRM_CALLS, on ? "on" : "off");
    } catch {
      // private browsing: the choice lasts as long as the page
    }
    this.render();
  }

  setAutoPlay(on) {
    this.autoPlay = on;
    try {
      localStorage.setItem(AUTOPLAY, on ? "on" : "off");
    } catch {
      // private browsing: the choice lasts as long as the page
    }
    this.render();
  }

  // -- messages ---------------------------------------------------------------------------

  onMessage(message) {
    switch (message.type) {
      case "hello":
        this.game = message.game;
        this.presence = message.presence;
        if (message.fair_play) this.fairPlay = message.fair_play;
        this.leftBy = message.left_by || null;
        this.showVariant();
        this.setView(message.version, message.view, true);
        break;
      case "state":
        this.setView(message.version, message.view, false);
        break;
      case "presence": {
        const before = this.presence[this.opponentSeat()];
        this.presence = message.seats;
        const after = this.presence[this.opponentSeat()];
        if (before === "away" && after === "here") this.notify("Your opponent is back.");
        if (before === "here" && after === "away") {
          this.notify("Your opponent is away. The game waits for them.");
        }
        this.render();
        break;
      }
      case "error":
        if (message.code !== "stale_version") this.notify(message.message);
        if (!message.move_id) {
          this.claiming = false;
          this.hintAsked = -1;
        }
        this.render();
        break;
      case "fair_play": {
        const before = this.fairPlay.state;
        this.fairPlay = { state: message.state, offered_by: message.offered_by, asked: message.asked };
        const answered = before === "offered" && this.fairPlay.offered_by === this.mySeat();
        if (answered && message.state === "on") this.notify("Your opponent accepted: hints are on for both of you.");
        if (answered && message.state === "declined") this.notify("Your opponent declined: hints stay off.");
        this.render();
        break;
      }
      case "rubber_left":
        this.leftBy = message.left_by;
        this.render();
        break;
      case "hint":
        this.hintAsked = -1;
        if (message.version === this.version) this.hint = message;
        this.render();
        break;
      case "ack":
        // The state of the new version follows the ack: until it comes, the view on the
        // page is the one the move was made on, and must not offer the move again.
        this.ackedVersion = Math.max(this.ackedVersion, message.version);
        this.render();
        break;
      case "review":
        this.review = message.review;
        this.reviewClaims = message.claims || [];
        this.reviewStep = 0;
        this.showReview();
        break;
      case "analysis":
        this.analyses[message.hand] = message;
        if (this.review && this.review.hand === message.hand && this.dialog && this.dialog.open) {
          this.showReview();
        }
        break;
      case "claim":
        this.onClaim(message);
        break;
      default:
        break;
    }
  }

  /** Whether finished hands can be reviewed here (the four-hand table cannot yet). */
  offersReview() {
    return true;
  }

  /** The verdict on a claim, this seat's own or the opponent's. A refused claim is told only
   * as refused: the count the best defence leaves and its line depend on the opponent's hidden
   * cards, so the review shows them once the hand is over. */
  onClaim(message) {
    const mine = message.claimant === this.mySeat();
    if (mine) this.claiming = false;
    const rest = count(message.remaining, "trick");
    let text;
    if (mine && message.accepted) {
      text = `You claimed the rest (${rest}): accepted. The hand is played out.`;
    } else if (mine) {
      text = `You claimed the rest (${rest}): refused. ` + (this.offersReview()
        ? "Play on; the review of the hand shows the best defence." : "Play on.");
    } else if (message.accepted) {
      text = `${this.opponentName()} claimed the rest (${rest}): accepted.`;
    } else {
      text = `${this.opponentName()} claimed the rest (${rest}): refused. Play goes on.`;
    }
    this.claimNote = { hand: message.hand, text, accepted: message.accepted };
    this.notify(text);
    this.render();
  }

  /** The last claim's verdict while its hand is on the table; once the hand is over only an
   * accepted claim is still told (it says how the hand ended), a refused one is gone. */
  claimText(hand, { over = false } = {}) {
    const note = this.claimNote;
    if (!note || note.hand !== hand || (over && !note.accepted)) return "";
    return `<p class="claim-note" role="status">${esc(note.text)}</p>`;
  }

  setView(version, view, fresh) {
    if (!fresh && version < this.version) return; // an older state arriving late
    this.version = version;
    this.view = view;
    this.render();
  }

  /** The variant's title in the page header and the window title. */
  showVariant() {
    const title = this.game.variant_title || this.game.variant;
    const line = document.getElementById("variant-name");
    if (line) {
      const options = this.optionWords();
      line.textContent = options ? `${title} (${options})` : title;
    }
    document.title = `Honeymoon Bridge: ${title}`;
  }

  /** The options that differ from the variant's defaults, in words. */
  optionWords() {
    const words = {
      face_up_stock: (on) => (on ? "face-up stock" : "face-down stock"),
      preliminary_follow_suit: (on) => (on ? "follow suit" : "any card in the preliminary tricks"),
      honours: (on) => (on ? "honours scored" : "no honours"),
      racks: (on) => (on ? "racks: dummies never shown to the opponent" : "no racks"),
      clockwise: (on) => (on ? "clockwise arrangement" : "seated as dealt"),
      twelve_and_two: (on) => (on ? "twelve and two" : "thirteen each"),
    };
    return Object.entries(this.game.options || {})
      .map(([name, value]) => (words[name] ? words[name](value) : `${name.replace(/_/g, " ")} ${value ? "on" : "off"}`))
      .join(", ");
  }

  /** Send a move; while the page is offline it is refused here, and the player told. */
  send(action, version) {
    const sent = this.connection.move(action, version);
    if (sent === "sent") this.render();
    else if (sent === "offline") {
      this.notify("Not connected: that move was not sent. Make it again once the page is back online.");
    }
  }

  notify(text) {
    const notice = document.getElementById("notice");
    notice.textContent = text;
    notice.hidden = false;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => { notice.hidden = true; }, 6000);
  }

  // -- helpers ----------------------------------------------------------------------------

  mySeat() { return this.view.seat; }
  opponentSeat() { return this.game && this.game.seat === "south" ? "east" : "south"; }
  opponentName() { return this.game.opponent === "computer" ? "Computer" : "Opponent"; }
  who(seat) { return seat === this.mySeat() ? "You" : this.opponentName(); }
  idx(seat) { return seat === "south" ? 0 : 1; }
  myTurn() {
    return this.view.to_act === this.mySeat() && !this.connection.busy &&
      this.version >= this.ackedVersion;
  }
  legal() { return new Set(this.view.legal_actions.map((a) => a.action)); }
  rules() { return (this.game && this.game.rules) || {}; }
  procedure() { return this.rules().procedure || "draw-discard"; }
  keepEndsTurn() { return this.rules().discard_after_keep === false; }
  /** The preliminary tricks each seat took this hand (South, East), once they are over. */
  preliminaryWon() {
    const won = [0, 0];
    for (const trick of this.view.preliminary_tricks) won[this.idx(trick.winner)] += 1;
    return won;
  }

  // -- clicks -----------------------------------------------------------------------------

  onClick(event) {
    if (event.target.closest("button[data-claim]")) {
      this.claim();
      return;
    }
    if (event.target.closest("button[data-hint]")) {
      this.askHint();
      return;
    }
    if (event.target.closest("button[data-end-rubber]")) {
      if (!this.connection.send({ type: "end_rubber" })) {
        this.notify("Not connected: the rubber was not ended. Try again once the page is back online.");
      }
      return;
    }
    const answer = event.target.closest("button[data-hints-answer]");
    if (answer) {
      if (!this.connection.send({ type: "hints", agree: answer.dataset.hintsAnswer === "yes" })) {
        this.notify("Not connected: your answer was not sent. Try again once the page is back online.");
      }
      return;
    }
    const walk = event.target.closest("button[data-walkthrough]");
    if (walk) {
      this.onWalkthrough(walk.dataset.walkthrough);
      return;
    }
    if (event.target.closest("button[data-cancel-call]")) {
      this.proposedCall = null;
      this.render();
      return;
    }
    const button = event.target.closest("button[data-action]");
    if (button && !button.disabled) {
      const action = Number(button.dataset.action);
      if (this.view.phase === "auction" && this.confirmCalls && !button.dataset.confirmed) {
        this.proposedCall = { action, version: this.version };
        this.render();
        return;
      }
      this.proposedCall = null;
      this.send(action, this.version);
      return;
    }
    const level = event.target.closest("button[data-bid-level]");
    if (level && !level.disabled) {
      this.chosenLevel = Number(level.dataset.bidLevel);
      this.chosenLevelAt = this.view.auction.length;
      this.render();
      return;
    }
    const review = event.target.closest("button[data-review]");
    if (review) {
      this.openReview(Number(review.dataset.review));
      return;
    }
    const download = event.target.closest("button[data-download]");
    if (download) this.download();
    const replace = event.target.closest("button[data-replace-link]");
    if (replace) this.replaceLink();
  }

  /** Ask the server for a hint on this decision (the strongest computer player's advice). */
  askHint() {
    if (this.hintAsked === this.version) return;
    if (!this.connection.send({ type: "hint", version: this.version })) {
      this.notify("Not connected: ask again once the page is back online.");
      return;
    }
    this.hintAsked = this.version;
    this.render();
  }

  /** What the hint's action is: the phase (a card of Bridgette's exchange is a discard; the
   * four-hand table also says which hand a card comes from). */
  hintContext() {
    return { phase: this.view.phase };
  }

  /** The hint for this decision, once the server sent it (null before, or if it is stale). */
  currentHint() {
    return this.hint && this.hint.version === this.version ? this.hint : null;
  }

  /** The hint button, beside the player's hand on the player's turn, where hints are allowed
   * (against the computer; between people once both agreed). */
  renderHintButton() {
    const v = this.view;
    if (this.fairPlay.state !== "on") return "";
    if (v.phase === "complete" || v.to_act !== this.mySeat()) return "";
    const waiting = this.hintAsked === this.version;
    return `<button type="button" class="hint-button" data-hint="1" data-key="hint"
      ${this.currentHint() || waiting ? "disabled" : ""}>${waiting ? "Thinking…" : "Hint"}</button>`;
  }

  /** Between two people: whether hints are allowed and how many each asked, seen by both
   * seats; the other player's offer of hints, to accept or decline, until it is answered. */
  renderFairPlay() {
    if (this.game.opponent === "computer") return "";
    const away = this.presence[this.opponentSeat()] === "away" && this.view.phase !== "complete"
      ? `<p class="leave-note">If your opponent does not come back, you may end the rubber as
          left by them once they have been away a while (the server says how long).
          <button type="button" data-end-rubber="1">End the rubber</button></p>`
      : "";
    return `<div class="fair-play-area">${this.renderHintsSetting()}${away}</div>`;
  }

  /** A rubber that was ended as left: who left it, and that it counts as no result. */
  renderLeft() {
    const mine = this.leftBy === this.mySeat();
    const words = mine
      ? "You left this rubber: your opponent ended it after you had been away."
      : "Your opponent left this rubber: you ended it after they had been away.";
    return `
      <div class="table left-rubber" data-version="${this.version}" data-hand="${this.view.hand_number}">
        <section class="rubber-over" aria-label="The rubber is over">
          <h2>The rubber is over</h2>
          <p>${esc(words)}</p>
          <p>It is recorded as left, not as a result on points.</p>
          <p><a href="/">Play again</a></p>
        </section>
      </div>`;
  }

  /** Whether hints are allowed between the two people, and the offer to answer. */
  renderHintsSetting() {
    const fair = this.fairPlay;
    const mine = fair.asked[this.mySeat()] || 0;
    const theirs = fair.asked[this.opponentSeat()] || 0;
    const opponent = esc(this.opponentName().toLowerCase());
    if (fair.state === "offered" && fair.offered_by !== this.mySeat()) {
      return `<section class="fair-play offer" aria-label="Hints">
        <p><strong>Your ${opponent} offers hints to both of you.</strong> With hints, each of you
        may ask the computer for advice on your own turn; both of you see how many each asked.</p>
        <div class="buttons">
          <button type="button" class="primary" data-hints-answer="yes">Allow hints</button>
          <button type="button" data-hints-answer="no">Play without hints</button>
        </div>
      </section>`;
    }
    const words = {
      on: `Hints are on for both of you · hints asked: you ${mine}, ${opponent} ${theirs}`,
      off: "Hints are off: neither of you can ask for them",
      offered: `Hints are off until your ${opponent} accepts your offer`,
      declined: "Hints are off: the offer was declined",
    }[fair.state] || "";
    return `<p class="fair-play" data-hints="${esc(fair.state)}">${esc(words)}</p>`;
  }

  /** The hint in words once it came, and the numbers behind it in a disclosure ("Why? Show
   * the numbers"), under the player's hand. */
  renderHint() {
    const hint = this.currentHint();
    if (!hint || this.view.to_act !== this.mySeat()) return "";
    const numbers = hintNumbers(hint, this.hintContext());
    const rows = numbers.rows.map((row) => `<tr${row.best ? ' class="best"' : ""}>
      <th scope="row">${esc(row.what)}</th><td>${esc(row.figures)}</td></tr>`).join("");
    const table = rows ? `<table class="hint-table"><tbody>${rows}</tbody></table>` : "";
    const note = numbers.note ? `<p class="hint">${esc(numbers.note)}</p>` : "";
    return `<section class="hint-box" aria-label="Hint">
      <p class="hint-words" role="status"><strong>Hint:</strong> ${esc(hintLine(hint, this.hintContext()))}</p>
      <details class="hint-numbers"><summary>Why? Show the numbers</summary>
        <p>${esc(numbers.heading)}</p>${table}${note}</details>
    </section>`;
  }

  /** Claim every remaining trick; the server's solver judges it. */
  claim() {
    if (this.claiming) return;
    if (!this.connection.send({ type: "claim", version: this.version })) {
      this.notify("Not connected: claim again once the page is back online.");
      return;
    }
    this.claiming = true;
    this.render();
  }

  /** A card that is the only legal one plays itself after a short pause (if the option is
   * on), with the normal move message; anything that changes the state first cancels it. */
  scheduleAutoPlay() {
    const v = this.view;
    const playing = v.phase === "play" || v.phase === "preliminary";
    if (!this.autoPlay || !playing || !this.myTurn() || v.legal_actions.length !== 1) {
      clearTimeout(this.autoTimer);
      this.autoTimer = null;
      this.autoVersion = -1;
      return;
    }
    if (this.autoTimer && this.autoVersion === this.version) return;
    clearTimeout(this.autoTimer);
    const version = this.version;
    const action = v.legal_actions[0].action;
    this.autoVersion = version;
    this.autoTimer = setTimeout(() => {
      this.autoTimer = null;
      if (this.autoPlay && this.version === version && this.myTurn()) {
        this.send(action, version);
      }
    }, AUTOPLAY_PAUSE);
  }

  /** A new link for this seat: the old one stops working at once (on every device). */
  async replaceLink() {
    const question =
      "Replace your seat's link? Anyone holding the old link loses this seat, and this page " +
      "moves to the new link (keep it: it is the only way back to your seat).";
    if (!window.confirm(question)) return;
    try {
      const response = await fetch("/api/seat-link", {
        method: "POST",
        headers: { Authorization: `Bearer ${this.token}` },
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error ? answer.error.message : response.statusText);
      this.root.dispatchEvent(
        new CustomEvent("seat-link-replaced", { detail: { old: this.token, token: answer.token } }),
      );
    } catch (error) {
      this.notify(`The link could not be replaced: ${error.message}`);
    }
  }

  async download() {
    try {
      const response = await fetch("/api/record", {
        headers: { Authorization: `Bearer ${this.token}` },
      });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const blob = await response.blob();
      const disposition = response.headers.get("Content-Disposition") || "";
      const match = /filename="([^"]+)"/.exec(disposition);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = match ? match[1] : "honeymoon.json";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    } catch (error) {
      this.notify(`The record could not be downloaded: ${error.message}`);
    }
  }

  // -- rendering --------------------------------------------------------------------------

  render() {
    if (!this.view) return;
    const focused = document.activeElement;
    const focusKey = focused && this.root.contains(focused) ? focused.dataset.key : null;
    const hadFocus = focused && this.root.contains(focused);
    // A list the player opened (hands played, tricks so far, ...) stays open when the
    // table is drawn again after a move.
    const opened = new Set(Array.from(this.root.querySelectorAll("details[open]"), (d) => d.className));
    if (this.leftBy) {
      clearTimeout(this.autoTimer);
      this.root.innerHTML = this.renderLeft();
      return;
    }
    this.maybeStartWalkthrough();
    this.root.innerHTML = this.renderPage();
    this.root.querySelectorAll("details").forEach((d) => {
      if (d.className && opened.has(d.className)) d.open = true;
    });
    this.root.querySelectorAll(".calls-box").forEach((box) => { box.scrollTop = box.scrollHeight; });
    // A fan overlaps its cards just enough to fit the width (the style sheet reads the count).
    this.root.querySelectorAll(".cards.fan").forEach((fan) => fan.style.setProperty("--n", fan.children.length));
    if (hadFocus) {
      let target = focusKey ? this.root.querySelector(`[data-key="${focusKey}"]`) : null;
      if (!target || target.disabled) target = this.root.querySelector(this.focusFallback());
      // Focus back on the table itself must not scroll the page to it.
      if (target) target.focus();
      else this.root.focus({ preventScroll: true });
    }
    const auto = this.root.querySelector("input[data-autoplay]");
    if (auto) auto.addEventListener("change", () => this.setAutoPlay(auto.checked));
    const letters = this.root.querySelector("input[data-letters]");
    if (letters) letters.addEventListener("change", () => this.setDisplayOption({ letters: letters.checked }));
    const confirm = this.root.querySelector("input[data-confirm-calls]");
    if (confirm) confirm.addEventListener("change", () => this.setConfirmCalls(confirm.checked));
    const speed = this.root.querySelector("select[data-speed]");
    if (speed) speed.addEventListener("change", () => this.setSpeed(speed.value));
    const ten = this.root.querySelector("input[data-ten]");
    if (ten) ten.addEventListener("change", () => this.setDisplayOption({ ten: ten.checked ? "T" : "10" }));
    this.animateChanges();
    this.scheduleAutoPlay();
  }

  /** The page for the current view (the four-hand table draws its own). */
  renderPage() {
    return `
      <div class="table phase-${esc(this.view.phase)}" data-version="${this.version}" data-hand="${this.view.hand_number}">
        ${this.renderScore()}
        ${this.renderFairPlay()}
        ${this.renderOpponent()}
        <section class="center" aria-label="Table">${this.renderCenter()}</section>
        ${this.renderHand()}
        ${this.renderHistory()}
      </div>`;
  }

  /** Where the keyboard focus goes when the control that had it is gone. */
  focusFallback() {
    return ".center button:not([disabled]), .hand button:not([disabled])";
  }

  renderScore() {
    const score = this.view.score;
    const me = this.idx(this.mySeat());
    const them = 1 - me;
    const vul = (i) => (score.vulnerable[i]
      ? '<span class="badge vul">vulnerable</span>'
      : '<span class="sr-only">not vulnerable</span>');
    const row = (label, values) =>
      `<tr><th scope="row">${label}</th><td>${values[me]}</td><td>${values[them]}</td></tr>`;
    return `
      <section class="score" aria-label="Score">
        <table class="summary">
          <thead><tr><th scope="col"><span class="sr-only">Score</span></th>
            <th scope="col">You ${vul(me)}</th><th scope="col">${esc(this.opponentName())} ${vul(them)}</th></tr></thead>
          <tbody>
            ${row("Games", score.games)}
            ${row("Toward game", score.progress)}
            ${row("Total", score.totals)}
          </tbody>
        </table>
        <details class="sheet">
          <summary>Score sheet</summary>
          ${this.renderSheet(me, them)}
        </details>
      </section>`;
  }

  renderSheet(me, them) {
    const entries = this.view.score.entries;
    const cell = (list) => list.map((e) =>
      `<li><span class="points">${e.points}</span> <span class="reason">${esc(e.reason)}</span></li>`).join("");
    const pick = (seat, line, game) => entries.filter((e) =>
      this.idx(e.seat) === seat && e.line === line && (game === undefined || e.game === game));
    // Above the line, the latest entries sit nearest the line, as on paper.
    const above = `<tr class="above"><td><ul>${cell(pick(me, "above").reverse())}</ul></td>
      <td><ul>${cell(pick(them, "above").reverse())}</ul></td></tr>`;
    const games = Math.max(0, ...entries.filter((e) => e.line === "below").map((e) => e.game)) + 1;
    let below = "";
    for (let game = 0; game < games; game += 1) {
      below += `<tr class="below"><td><ul>${cell(pick(me, "below", game))}</ul></td>
        <td><ul>${cell(pick(them, "below", game))}</ul></td></tr>`;
    }
    const s = this.view.score;
    return `<table class="paper">
      <caption class="sr-only">Points above the line, then below the line game by game</caption>
      <thead><tr><th scope="col">You</th><th scope="col">${esc(this.opponentName())}</th></tr></thead>
      <tbody>${above}<tr class="line" aria-hidden="true"><td></td><td></td></tr>${below}</tbody>
      <tfoot><tr><td>Above ${s.above[me]} · below ${s.below[me]}</td>
        <td>Above ${s.above[them]} · below ${s.below[them]}</td></tr></tfoot>
    </table>`;
  }

  /** On a phone the score is below the hand: the vulnerability shows beside each seat. */
  vulnerableBadge(index) {
    return this.view.score.vulnerable[index]
      ? '<span class="badge vul phone-only">vulnerable</span>' : "";
  }

  renderOpponent() {
    const v = this.view;
    const them = this.idx(this.opponentSeat());
    const presence = this.presence[this.opponentSeat()];
    const waits = v.phase === "complete" ? "away" : "away: the game waits";
    const away = presence === "away"
      ? `<span class="badge away">${waits}</span>`
      : presence === "computer" ? "" : '<span class="badge here">here</span>';
    const level = this.game.opponent === "computer" && this.game.level ? ` (${esc(this.game.level)})` : "";
    return `
      <section class="opponent" aria-label="${esc(this.opponentName())}">
        <h2>${esc(this.opponentName())}${level} <span class="seat">${esc(this.opponentSeat())}</span> ${away}
          ${this.vulnerableBadge(them)}</h2>
        <p class="counts">
          <span>${count(v.hand_sizes[them], "card")} in hand</span>
          ${this.procedure() === "draw-discard" ? `<span>${v.discard_counts[them]} discarded</span>` : ""}
          ${v.phase === "play" || v.phase === "preliminary" ? `<span>${count(v.tricks_won[them], "trick")}</span>` : ""}
        </p>
        <div class="backs" aria-hidden="true">${'<span class="back"></span>'.repeat(v.hand_sizes[them])}</div>
      </section>`;
  }

  renderCenter() {
    const v = this.view;
    const header = v.phase === "complete" ? "" : `<p class="hand-line">Hand ${v.hand_number + 1} ·
      ${v.dealer === this.mySeat() ? "you deal" : `${esc(this.opponentName().toLowerCase())} deals`}</p>`;
    switch (v.phase) {
      case "drawing": return header + this.renderDrawing();
      case "exchange": return header + this.renderExchange();
      case "preliminary": return header + this.renderPreliminary();
      case "auction": return header + this.renderPreliminarySummary() + this.renderUpcard() + this.renderAuction();
      case "play": return header + this.renderPlay();
      default: return this.renderComplete();
    }
  }

  /** Bridgette's exchange: the upcard, and how many cards the seat to act still discards (one
   * discard button per card of the hand, below). */
  renderExchange() {
    const v = this.view;
    const parts = [];
    const last = v.results.length ? v.results[v.results.length - 1] : null;
    if (last && v.discard_counts[0] + v.discard_counts[1] === 0) {
      parts.push(this.renderResult(last, "Last hand"));
      parts.push(this.renderPreviousTrick());
    }
    parts.push(this.renderUpcard());
    if (this.myTurn()) {
      parts.push(`<p class="turn exchange-turn" role="status">Your turn: discard
        ${count(v.to_discard, "more card")}, one at a time (you took ${count(v.drawn.length, "card")}
        from the stock). Only you see your discards.</p>`);
    } else {
      parts.push(`<p class="waiting">${esc(this.opponentName())} is exchanging…</p>`);
    }
    parts.push(`<p class="stock">${count(v.stock_remaining, "card")} in the stock</p>`);
    return parts.join("");
  }

  /** Bridgette: the upcard, face up for the whole deal. */
  renderUpcard() {
    const v = this.view;
    if (!this.rules().colons || !v.face_up) return "";
    return `<p class="upcard">Upcard ${cardFace(v.face_up, "big")}</p>`;
  }

  /** Bridgette: the suit the leader may not lead after a Colon spoiled the last lead. */
  renderBarred() {
    const v = this.view;
    if (!v.barred_suit) return "";
    const suit = STRAINS[v.barred_suit];
    const who = v.to_act === this.mySeat() ? "you" : this.opponentName().toLowerCase();
    return `<p class="barred" role="status">A Colon spoiled the last lead: ${esc(who)} may not
      lead <span aria-label="${suit}s">${strainLabel(v.barred_suit)}</span> while holding another suit.</p>`;
  }

  renderDrawing() {
    const v = this.view;
    const parts = [];
    const last = v.results.length ? v.results[v.results.length - 1] : null;
    if (last && v.stock_remaining >= 50) {
      parts.push(this.renderResult(last, "Last hand"));
      parts.push(this.claimText(last.hand, { over: true }));
      parts.push(this.renderPreviousTrick());
    }
    parts.push(`<p class="stock">${count(v.stock_remaining, "card")} in the stock</p>`);
    if (v.to_act === this.mySeat() && v.looking_at) {
      const c = card(v.looking_at);
      const off = this.myTurn() ? "" : "disabled";
      const endsTurn = this.keepEndsTurn();
      const keepName = endsTurn
        ? `Keep the ${c.name}: your turn ends`
        : `Keep the ${c.name} and discard the next card`;
      // What each choice does, said once; the line below shows the cards it gave last time.
      const hint = `${endsTurn ? "Keep: your turn ends." : "Keep: the next card is discarded."} ` +
        "Reject: this card is discarded and you keep the next. Only you see your discards.";
      parts.push(`
        <div class="draw">
          <p>You look at ${cardFace(v.looking_at, "big")}</p>
          <div class="buttons">
            <button type="button" data-key="keep" data-action="${KEEP}" ${off}
              aria-label="${esc(keepName)}">Keep ${esc(c.label)}</button>
            <button type="button" data-key="reject" data-action="${REJECT}" ${off}
              aria-label="Reject the ${esc(c.name)} and keep the next card">Reject ${esc(c.label)}</button>
          </div>
          <p class="hint">${esc(hint)}</p>
        </div>`);
      parts.push(this.renderWalkthrough());
    } else {
      parts.push(`<p class="waiting">${esc(this.opponentName())} is drawing…</p>`);
    }
    if (v.draws.length) {
      const d = v.draws[v.draws.length - 1];
      const gone = d.discarded ? `, discarded ${cardFace(d.discarded)}` : " (your turn ended)";
      parts.push(`<p class="last-draw">Your last turn: kept ${cardFace(d.kept)}${gone}</p>`);
    }
    return parts.join("");
  }

  renderCalls() {
    const v = this.view;
    const first = v.first_caller;
    const second = first === "south" ? "east" : "south";
    let rows = "";
    for (let i = 0; i < v.auction.length; i += 2) {
      const a = v.auction[i];
      const b = v.auction[i + 1];
      rows += `<tr><td>${callFace(a)}</td><td>${b ? callFace(b) : ""}</td></tr>`;
    }
    // On a phone the box holds a few rows and shows the latest (render() scrolls it down).
    return `<div class="calls-box" tabindex="0" role="region" aria-label="Auction"><table class="calls"><caption>Auction</caption>
      <thead><tr><th scope="col">${esc(this.who(first))}</th><th scope="col">${esc(this.who(second))}</th></tr></thead>
      <tbody>${rows || '<tr><td colspan="2" class="empty">no calls yet</td></tr>'}</tbody></table></div>`;
  }

  /** The level the bidding box shows: the one chosen, while the auction has not moved on
   * and it still has a bid to make; otherwise the lowest level with a bid above the last. */
  bidLevel(legal) {
    const v = this.view;
    const open = (level) => STRAIN_KEYS.some((_, index) => legal.has(bidAction(level, index)));
    if (this.chosenLevel && this.chosenLevelAt === v.auction.length && open(this.chosenLevel)) {
      return this.chosenLevel;
    }
    for (let level = 1; level <= 7; level += 1) if (open(level)) return level;
    // Not this seat's turn: the lowest level above the last bid, shown disabled.
    const last = [...v.auction].reverse().find((c) => /^[1-7]/.test(c));
    if (!last) return 1;
    return Math.min(7, Number(last[0]) + (last.slice(1) === "NT" ? 1 : 0));
  }

  renderAuction() {
    const v = this.view;
    const mine = v.to_act === this.mySeat();
    const legal = mine && this.myTurn() ? this.legal() : new Set();
    const button = (action, label, name, extra = "") =>
      `<button type="button" data-key="a${action}" data-action="${action}" class="${extra}"
        aria-label="${esc(name)}" ${legal.has(action) ? "" : "disabled"}>${label}</button>`;
    // A bid in two steps, as on a bidding box: the level (the lowest one open is chosen
    // already), then the strain, which makes the bid.
    const shown = this.bidLevel(legal);
    let levels = "";
    for (let level = 1; level <= 7; level += 1) {
      const open = STRAIN_KEYS.some((_, index) => legal.has(bidAction(level, index)));
      levels += `<button type="button" data-key="l${level}" data-bid-level="${level}"
        aria-pressed="${level === shown}" aria-label="Level ${level}" ${open ? "" : "disabled"}>${level}</button>`;
    }
    const bids = STRAIN_KEYS.map((strain, index) => {
      const plural = shown === 1 || strain === "NT" ? "" : "s";
      const red = strain === "H" || strain === "D" ? "red" : "";
      return button(bidAction(shown, index), `${shown}${strainLabel(strain)}`,
        `Bid ${shown} ${STRAINS[strain]}${plural}`, red);
    }).join("");
    const status = mine ? "Your call" : `${esc(this.opponentName())} is thinking…`;
    return `
      ${this.renderCalls()}
      <p class="turn">${status}</p>
      ${this.renderConfirmCall(legal)}
      <div class="bidbox" role="group" aria-label="Bidding box">
        <div class="specials">
          ${button(PASS, "Pass", "Pass", "pass")}
          ${button(DOUBLE, "Double", "Double", "double")}
          ${button(REDOUBLE, "Redouble", "Redouble", "double")}
        </div>
        <div class="levels" role="group" aria-label="Level">${levels}</div>
        <div class="bids" role="group" aria-label="Bids at level ${shown}">${bids}</div>
      </div>`;
  }

  /** The call tapped, waiting for Confirm (or another call, or Cancel). */
  renderConfirmCall(legal) {
    const proposed = this.proposedCall;
    if (!proposed || proposed.version !== this.version || !legal.has(proposed.action)) return "";
    const words = callWords(proposed.action);
    return `<div class="confirm-call" role="group" aria-label="Confirm the call">
      <p>${esc(words.question)}</p>
      <button type="button" class="primary" data-action="${proposed.action}" data-confirmed="1"
        data-key="confirm" aria-label="Confirm: ${esc(words.name)}">Confirm</button>
      <button type="button" data-cancel-call="1" data-key="cancel-call">Cancel</button>
    </div>`;
  }

  /** The previous hand's last trick, which the next hand's first view replaced at once. */
  renderPreviousTrick() {
    const trick = this.view.previous_last_trick;
    return trick ? this.renderTrick(trick, "Last trick of that hand") : "";
  }

  renderTrick(trick, caption, extra = "") {
    const slots = trick.cards.map((pbn, i) => {
      const seat = i === 0 ? trick.leader : (trick.leader === "south" ? "east" : "south");
      return `<li data-seat="${seat}"><span class="who">${esc(this.who(seat))}</span>${cardFace(pbn, "big")}</li>`;
    }).join("");
    const won = trick.winner ? `<p class="won">won by ${esc(this.who(trick.winner).toLowerCase())}</p>` : "";
    return `<div class="trick ${extra}" data-winner="${trick.winner || ""}"><p class="caption">${caption}</p><ul>${slots}</ul>${won}</div>`;
  }

  renderPlay() {
    const v = this.view;
    const me = this.idx(this.mySeat());
    const declarer = v.declarer;
    const contract = call(v.contract);
    const need = 6 + Number(v.contract[0]);
    let trick = "";
    if (v.current_trick && v.current_trick.cards.length) {
      trick = this.renderTrick(v.current_trick, "This trick");
      // The trick just won stays in view beside the next one (the computer leads at once).
      if (v.tricks.length) {
        trick = `<div class="tricks-now">${trick}${this.renderTrick(v.tricks[v.tricks.length - 1], "Last trick", "last")}</div>`;
      }
    } else if (v.tricks.length) {
      trick = this.renderTrick(v.tricks[v.tricks.length - 1], "Last trick");
    } else {
      trick = `<div class="trick"><p class="caption">${esc(this.who(v.to_act))} lead${v.to_act === this.mySeat() ? "" : "s"}</p></div>`;
    }
    const turn = v.to_act === this.mySeat() ? "Your turn: play a card" : `${esc(this.opponentName())} to play…`;
    const claim = this.renderClaimButton();
    return `
      ${this.renderPreliminarySummary()}
      <p class="contract">Contract <strong aria-label="${esc(contract.name)}">${esc(contract.label)}</strong>
        by ${esc(this.who(declarer).toLowerCase())} (${count(need, "trick")} needed)</p>
      <p class="tricks-won">Tricks: you ${v.tricks_won[me]} · ${esc(this.opponentName().toLowerCase())} ${v.tricks_won[1 - me]}</p>
      ${trick}
      <p class="turn">${turn}</p>
      ${this.claimText(v.hand_number)}
      ${this.renderBarred()}
      ${this.renderUpcard()}
      <div class="buttons play-tools">${claim}</div>
      ${this.renderAuctionStrip()}
      ${this.renderTricksSoFar()}`;
  }

  /** The auction in one compact line, in view for the whole play. */
  renderAuctionStrip() {
    const v = this.view;
    const second = v.first_caller === "south" ? "east" : "south";
    const items = v.auction.map((c, i) => `<li><span class="who">${esc(this.who(i % 2 ? second : v.first_caller))}</span>
      ${callFace(c)}</li>`).join("");
    return `<div class="auction-strip"><h3 id="auction-strip-title">Auction</h3><ol aria-labelledby="auction-strip-title">${items}</ol></div>`;
  }

  /** The claim button of the play: claim every trick left (the server's judge decides). */
  renderClaimButton() {
    const left = 13 - this.view.tricks.length;
    return `<button type="button" class="claim" data-claim="1" data-key="claim"
      aria-label="Claim the rest: the ${count(left, "trick")} left" ${this.claiming ? "disabled" : ""}>Claim the rest</button>`;
  }

  /** The tricks of this hand so far, one line each (the contract's tricks). */
  renderTricksSoFar() {
    const v = this.view;
    if (!v.tricks.length) return "";
    const list = v.tricks.map((t) => `<li>${esc(this.who(t.leader))} led:
      ${t.cards.map((pbn) => cardFace(pbn)).join(" ")} <span class="won">won by ${esc(this.who(t.winner).toLowerCase())}</span></li>`).join("");
    return `<details class="tricks-recap"><summary>Tricks so far (${v.tricks.length})</summary><ol>${list}</ol></details>`;
  }

  // -- the review of a finished hand ------------------------------------------------------

  /** Ask the server for finished hand `hand` (0-based); the answer opens the dialog. */
  openReview(hand) {
    if (!this.connection.send({ type: "review", hand })) {
      this.notify("Not connected: the review opens once the page is back online.");
      return;
    }
    if (!this.analyses[hand]) this.connection.send({ type: "analysis", hand });
  }

  reviewDialog() {
    if (this.dialog) return this.dialog;
    const dialog = document.createElement("dialog");
    dialog.className = "review";
    dialog.setAttribute("aria-label", "Review of a hand");
    dialog.addEventListener("click", (event) => {
      const step = event.target.closest("button[data-step]");
      if (step && !step.disabled) this.stepReview(Number(step.dataset.step));
      const other = event.target.closest("button[data-review]");
      if (other) this.openReview(Number(other.dataset.review));
      if (event.target.closest("button[data-close]")) dialog.close();
    });
    dialog.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") { this.stepReview(-1); event.preventDefault(); }
      if (event.key === "ArrowRight") { this.stepReview(1); event.preventDefault(); }
    });
    document.body.append(dialog);
    this.dialog = dialog;
    return dialog;
  }

  stepReview(delta) {
    if (!this.review) return;
    const steps = this.review.tricks.length;
    this.reviewStep = Math.max(0, Math.min(steps, this.reviewStep + delta));
    this.showReview();
  }

  // The review's places, as data: each hand of the review (its index in `hands`) with its
  // heading; the four-hand table gives its four hands (fourhand.js).
  reviewPlaces(r) {
    const me = r.seat;
    const other = me === "south" ? "east" : "south";
    return [[this.idx(me), "Your hand"], [this.idx(other), this.opponentName()]];
  }
  /** Who played or led a trick of the review, and the side that won it. */
  trickPlayer(place) { return this.who(place); }
  trickSide(place) { return place; }
  /** Who played a card judged in the analysis. */
  costWho(cost) { return this.who(cost.seat); }
  reviewStartWords() { return `The hands after the ${this.rules().colons ? "exchange" : "drawing"}`; }

  /** The review: the hands (both after the drawing, or the table's four as the play began;
   * the cards already played in earlier tricks marked), the auction, the trick shown, the
   * result and the score of the hand. */
  showReview() {
    const r = this.review;
    const dialog = this.reviewDialog();
    const step = this.reviewStep;
    const me = r.seat;
    const gone = new Set(r.tricks.slice(0, Math.max(0, step - 1)).flatMap((t) => t.cards));
    const shownTrick = step ? r.tricks[step - 1] : null;
    const inTrick = new Set(shownTrick ? shownTrick.cards : []);
    const hand = (index) => {
      const cards = r.hands[index];
      if (!cards.length) return '<p class="hint">Not seen: no card of this hand was played.</p>';
      return `<ul class="cards small">${sortHand(cards).map((c) => {
        const state = gone.has(c.pbn) ? "played" : inTrick.has(c.pbn) ? "in-trick" : "";
        return `<li class="${state}">${cardFace(c.pbn)}</li>`;
      }).join("")}</ul>`;
    };
    const left = r.hands.map((cards) => cards.filter((c) => !gone.has(c)).length);
    let calls = "";
    if (r.first_caller) {
      const second = r.first_caller === "south" ? "east" : "south";
      for (let i = 0; i < r.auction.length; i += 2) {
        const b = r.auction[i + 1];
        calls += `<tr><td>${callFace(r.auction[i])}</td><td>${b ? callFace(b) : ""}</td></tr>`;
      }
      calls = `<table class="calls"><caption>Auction (${esc(this.who(r.dealer).toLowerCase())} dealt)</caption>
        <thead><tr><th scope="col">${esc(this.who(r.first_caller))}</th><th scope="col">${esc(this.who(second))}</th></tr></thead>
        <tbody>${calls}</tbody></table>`;
    }
    let trick = `<p class="review-trick">${esc(this.reviewStartWords())}. Next trick ▶ steps through the play.</p>`;
    if (!r.tricks.length) trick = '<p class="review-trick">No card was played in this hand.</p>';
    if (shownTrick) {
      const done = r.tricks.slice(0, step);
      const mine = done.filter((t) => this.trickSide(t.winner) === me).length;
      trick = `<div class="review-trick"><p><strong>Trick ${step} of ${r.tricks.length}</strong>:
        ${esc(this.trickPlayer(shownTrick.leader))} led ${shownTrick.cards.map((pbn) => cardFace(pbn)).join(" ")}
        won by ${esc(this.who(this.trickSide(shownTrick.winner)).toLowerCase())}</p>
        <p>Tricks so far: you ${mine} · ${esc(this.opponentName().toLowerCase())} ${done.length - mine}</p>
        ${this.renderTrickCosts(r.hand, step - 1)}</div>`;
    }
    const score = r.score.map((e) =>
      `<li>${esc(this.who(e.seat))}: ${e.points} ${esc(e.line)} (${esc(e.reason)})</li>`).join("");
    const prelim = r.preliminary_tricks.length
      ? `<details><summary>${this.procedure() === "memory" ? "Memory" : "Preliminary"} tricks</summary><ol>${
        r.preliminary_tricks.map((t) => `<li>${esc(this.who(t.leader))} led:
          ${t.cards.map((pbn) => cardFace(pbn)).join(" ")} won by ${esc(this.who(t.winner).toLowerCase())}</li>`).join("")}</ol></details>`
      : "";
    const own = r.discards.length
      ? `<details><summary>Your discards (${r.discards.length})</summary><ul class="cards small">${
        sortHand(r.discards).map((c) => `<li>${cardFace(c.pbn)}</li>`).join("")}</ul></details>` : "";
    const hands = Array.from({ length: r.finished_hands }, (_, n) =>
      `<button type="button" data-review="${n}" ${n === r.hand ? 'aria-current="true" disabled' : ""}
        aria-label="Review hand ${n + 1}">${n + 1}</button>`).join("");
    // Stepping through the tricks keeps the dialog where it is (the hands stay in view);
    // a review opened anew starts at its top.
    const opening = !dialog.open || dialog.dataset.hand !== String(r.hand);
    const scrolled = dialog.scrollTop;
    dialog.dataset.hand = String(r.hand);
    dialog.innerHTML = `
      <h2>Review: ${this.renderResult(r.result, `Hand ${r.hand + 1} of ${r.finished_hands}`, false)}</h2>
      <div class="review-body">
        <div class="review-board">
          <div class="review-hands">
            ${this.reviewPlaces(r).map(([index, title]) =>
              `<section data-place="${index}"><h3>${esc(title)} (${left[index]})</h3>${hand(index)}</section>`).join("")}
          </div>
          ${trick}
          <div class="buttons review-steps">
            <button type="button" data-step="-1" ${step === 0 ? "disabled" : ""}>◀ Previous trick</button>
            <button type="button" data-step="1" ${step >= r.tricks.length ? "disabled" : ""}>Next trick ▶</button>
          </div>
        </div>
        <div class="review-side">
          ${calls}
          ${this.renderAnalysis(r.hand)}
        </div>
      </div>
      ${this.renderReviewClaims()}
      ${prelim}
      <ul class="review-score">${score || "<li>No score this hand.</li>"}</ul>
      ${own}
      <div class="buttons">
        <button type="button" data-close="1">Close</button>
      </div>
      <p class="review-list">Finished hands: ${hands}</p>`;
    if (!dialog.open) dialog.showModal();
    dialog.scrollTop = opening ? 0 : scrolled;
    const focus = dialog.querySelector("button[data-step]:not([disabled])") || dialog.querySelector("button[data-close]");
    if (focus && !dialog.contains(document.activeElement)) focus.focus({ preventScroll: true });
  }

  /** The cards of trick `index` (0-based) that cost tricks, each with the better card. */
  renderTrickCosts(hand, index) {
    const message = this.analyses[hand];
    const play = message && message.analysis.play;
    if (!play) return "";
    const costly = play.cards.filter((c) => c.trick === index && c.cost > 0);
    if (!costly.length) return '<p class="trick-cost none">Every card of this trick was as good as any (double dummy).</p>';
    return costly.map((c) => `<p class="trick-cost" data-card="${esc(c.card)}" data-cost="${c.cost}">
      ${esc(this.costWho(c))}: ${cardFace(c.card)} cost ${count(c.cost, "trick")}
      ${c.better ? `(${cardFace(c.better)} was better)` : ""}</p>`).join("");
  }

  /** The double-dummy table, par and the costly cards of a hand (the server's analysis). */
  renderAnalysis(hand) {
    const message = this.analyses[hand];
    if (!message) return '<section class="analysis" aria-label="Analysis"><p class="hint">Analysing the hand…</p></section>';
    const a = message.analysis;
    const me = this.mySeat();
    const other = me === "south" ? "east" : "south";
    const opponent = esc(this.opponentName().toLowerCase());
    const notes = a.notes.length ? `<ul class="analysis-notes">${a.notes.map((n) => `<li>${esc(n)}</li>`).join("")}</ul>` : "";
    const rubber = message.rubber;
    const summary = `<p class="rubber-lost">Tricks lost to play errors over the ${count(rubber.hands, "hand")} played:
      you ${rubber.lost[me]} · ${opponent} ${rubber.lost[other]}</p>`;
    if (!a.table) {
      return `<section class="analysis" aria-label="Analysis"><h3>Analysis</h3>${notes}${summary}</section>`;
    }
    const head = STRAIN_KEYS.map((k) => `<th scope="col" aria-label="${esc(STRAINS[k])}">${strainLabel(k)}</th>`).join("");
    const row = (seat, leads) => `<tr data-seat="${seat}"><th scope="row">${esc(this.who(seat))}</th>${
      STRAIN_KEYS.map((k) => `<td data-strain="${k}">${a.table[seat][k][`${leads}_leads`]}</td>`).join("")}</tr>`;
    const table = `<table class="dd"><caption>Tricks each player takes as declarer (double dummy)</caption>
      <thead><tr><th scope="col">Declarer</th>${head}</tr></thead>
      <tbody>${row(me, other)}${row(other, me)}</tbody></table>`;
    const par = a.par;
    let parText = "pass the hand out";
    let parAttrs = 'data-contract=""';
    if (par.contract) {
      const c = call(par.contract.contract);
      const net = par.points[me] - par.points[other];
      parText = `${esc(this.who(par.contract.declarer))} <span aria-label="${esc(c.name)}">${esc(c.label)}</span>,
        ${count(par.contract.tricks, "trick")}: you ${net >= 0 ? "+" : "−"}${Math.abs(net)}${par.sacrifice ? " (a sacrifice)" : ""}`;
      parAttrs = `data-contract="${esc(par.contract.contract)}" data-declarer="${esc(par.contract.declarer)}"`;
    }
    let costs = "";
    if (a.play) {
      const costly = a.play.cards.filter((c) => c.cost > 0);
      const items = costly.map((c) => `<li data-card="${esc(c.card)}" data-cost="${c.cost}" data-better="${esc(c.better || "")}">
        Trick ${c.trick + 1}: ${esc(this.costWho(c))} ${cardFace(c.card)} cost ${count(c.cost, "trick")}${
        c.better ? `; ${cardFace(c.better)} was better` : ""}</li>`).join("");
      costs = `<p class="hand-lost">Tricks lost to play errors in this hand: you ${a.play.lost[me]} · ${opponent} ${a.play.lost[other]}</p>
        ${items ? `<details class="costs-list"><summary>Costly cards (${costly.length})</summary><ul class="costs">${items}</ul></details>` : ""}`;
    }
    return `<section class="analysis" aria-label="Analysis"><h3>Analysis</h3>${table}
      <p class="par" ${parAttrs}><strong>Par:</strong> ${parText}</p>${costs}${summary}${notes}</section>`;
  }

  /** The claims made in the hand reviewed, with the line of best play trick by trick (the
   * hand is over). */
  renderReviewClaims() {
    if (!this.reviewClaims.length) return "";
    const items = this.reviewClaims.map((c) => {
      const verdict = c.accepted ? "accepted"
        : `refused: the best defence left ${c.guaranteed} of ${c.remaining}`;
      const line = c.tricks
        ? `<ol class="claim-tricks" start="${c.trick}">${c.tricks.map((t) => this.renderClaimTrick(t)).join("")}</ol>`
        : c.line.map((pbn) => cardFace(pbn)).join(" ");
      return `<li class="claim">${esc(this.who(c.seat))} claimed at trick ${c.trick}: ${esc(verdict)}.
        Best play from there: ${line}</li>`;
    }).join("");
    return `<details class="claims" open><summary>Claims</summary><ul>${items}</ul></details>`;
  }

  /** One trick of a claim's line as the server gave it: each card with the hand that played
   * it, the cards already on the table at the claim set apart, the winner's card marked. */
  renderClaimTrick(trick) {
    const played = (entry, before) => {
      const won = entry.seat === trick.winner ? " won" : "";
      const note = before ? ' <span class="on-table">(on the table)</span>' : "";
      return `<span class="played${before ? " before" : ""}${won}" data-seat="${esc(entry.seat)}" data-card="${esc(entry.card)}"><span class="who">${
        esc(this.trickPlayer(entry.seat))}</span> ${cardFace(entry.card)}${note}</span>`;
    };
    const cards = [...trick.on_table.map((e) => played(e, true)), ...trick.cards.map((e) => played(e, false))];
    const won = trick.winner ? ` <span class="winner">won by ${esc(this.trickPlayer(trick.winner).toLowerCase())}</span>` : "";
    return `<li data-leader="${esc(trick.leader)}" data-winner="${esc(trick.winner || "")}">${cards.join(", ")}${won}</li>`;
  }

  renderResult(result, title, withReview = true) {
    let text;
    const award = this.awardWords(result.preliminary);
    if (result.ended_by_award) {
      text = `${award}; that ends the rubber`;
    } else if (!result.contract) {
      text = award ? `${award}; then passed out` : "passed out";
    } else {
      const c = call(result.contract);
      const made = result.declarer_tricks >= 6 + Number(result.contract[0]);
      const points = made
        ? `${result.declarer_below} below, ${result.declarer_above} above`
        : `${result.defender_above} above to the defender`;
      text = `${esc(this.who(result.declarer))}: <span aria-label="${esc(c.name)}">${esc(c.label)}</span>,
        ${count(result.declarer_tricks, "trick")}, ${made ? "made" : "down"} (${points})`;
      if (award) text = `${award}; ${text}`;
    }
    const review = withReview
      ? ` <button type="button" class="review-open" data-review="${result.hand}"
          aria-label="Review hand ${result.hand + 1}">Review</button>`
      : "";
    return `<p class="result"><strong>${title}</strong> (hand ${result.hand + 1}): ${text}${review}</p>`;
  }

  /** Memory Bridge: who took the award for the preliminary tricks, in words (else ""). */
  awardWords(preliminary) {
    if (!preliminary || !preliminary.award_seat) return "";
    const seat = preliminary.award_seat;
    const taken = preliminary.tricks[this.idx(seat)];
    return `${esc(this.who(seat))} took ${count(taken, "memory trick")}: ` +
      `${preliminary.award_below} below, ${preliminary.award_above} above`;
  }

  /** The preliminary tricks of Draw and Memory Bridge, one trick at a time. */
  renderPreliminary() {
    const v = this.view;
    const memory = this.procedure() === "memory";
    const me = this.idx(this.mySeat());
    const number = v.tricks.length + 1;
    const parts = [];
    const last = v.results.length ? v.results[v.results.length - 1] : null;
    if (last && v.tricks.length === 0) {
      parts.push(this.renderResult(last, "Last hand"));
      parts.push(this.renderPreviousTrick());
    }
    parts.push(`<h2 class="prelim-title">${memory ? "Memory trick" : "Preliminary trick"} ${number} of 13</h2>`);
    const opponent = esc(this.opponentName().toLowerCase());
    if (memory) {
      parts.push(`<p class="tricks-won">Toward seven: you ${v.tricks_won[me]} · ${opponent} ${v.tricks_won[1 - me]}</p>
        <p class="hint">Seven or more of these tricks score as 1NT bid and made, plus 100.</p>`);
    } else {
      parts.push(`<p class="tricks-won">Tricks: you ${v.tricks_won[me]} · ${opponent} ${v.tricks_won[1 - me]}</p>
        <p class="stock">${count(v.stock_remaining, "card")} in the stock</p>`);
      if (v.face_up) {
        const c = card(v.face_up);
        parts.push(`<p class="face-up" aria-label="The winner gets the ${esc(c.name)}">The winner gets
          ${cardFace(v.face_up, "big")}</p>`);
      } else {
        parts.push('<p class="hint">The winner draws the top card of the stock, the loser the next.</p>');
      }
    }
    if (v.current_trick && v.current_trick.cards.length) {
      parts.push(this.renderTrick(v.current_trick, "This trick"));
    } else if (v.tricks.length) {
      parts.push(this.renderTrick(v.tricks[v.tricks.length - 1], "Last trick"));
    } else {
      parts.push(`<div class="trick"><p class="caption">${esc(this.who(v.to_act))} lead${v.to_act === this.mySeat() ? "" : "s"}</p></div>`);
    }
    if (!memory && v.drawn.length && !(v.current_trick && v.current_trick.cards.length)) {
      parts.push(`<p class="last-draw">You drew ${cardFace(v.drawn[v.drawn.length - 1])}</p>`);
    }
    const anyCard = this.rules().preliminary_follow_suit === false && !memory;
    const turn = v.to_act === this.mySeat()
      ? `Your turn: play a card${anyCard ? " (any card: no need to follow suit)" : ""}`
      : `${esc(this.opponentName())} to play…`;
    parts.push(`<p class="turn">${turn}</p>`);
    return parts.join("");
  }

  /** After the preliminary tricks: who took how many (and the memory award), and the tricks. */
  renderPreliminarySummary() {
    const v = this.view;
    if (!v.preliminary_tricks.length) return "";
    const me = this.idx(this.mySeat());
    const won = this.preliminaryWon();
    const memory = this.procedure() === "memory";
    const name = memory ? "Memory tricks" : "Preliminary tricks";
    let award = "";
    if (memory) {
      const seat = won[0] >= 7 ? "south" : "east";
      const entries = v.score.entries.filter((e) => e.hand === v.hand_number && e.reason.startsWith("memory tricks"));
      const below = entries.filter((e) => e.line === "below").reduce((sum, e) => sum + e.points, 0);
      const above = entries.filter((e) => e.line === "above").reduce((sum, e) => sum + e.points, 0);
      award = `: ${seat === this.mySeat() ? "you score" : `${esc(this.opponentName().toLowerCase())} scores`}
        the award, ${below} below and ${above} above`;
    }
    const list = v.preliminary_tricks.map((t) => {
      const cards = t.cards.map((pbn) => cardFace(pbn)).join(" ");
      return `<li>${esc(this.who(t.leader))} led: ${cards} <span class="won">won by ${esc(this.who(t.winner).toLowerCase())}</span></li>`;
    }).join("");
    return `<details class="prelim-recap"><summary>${name}: you ${won[me]} ·
      ${esc(this.opponentName().toLowerCase())} ${won[1 - me]}${award}</summary>
      <ol class="prelim-list">${list}</ol></details>`;
  }

  /** Draw Bridge: the cards this seat drew (never the opponent's). */
  renderDrawn() {
    const v = this.view;
    if (!v.drawn.length) return "";
    const cards = v.drawn.map((pbn) => `<li>${cardFace(pbn)}</li>`).join("");
    const title = `Your drawn cards (${v.drawn.length})`;
    if (v.phase === "preliminary") {
      return `<div class="drawn"><h3>${title}</h3><ul class="cards small">${cards}</ul></div>`;
    }
    return `<details class="drawn"><summary>${title}</summary><ul class="cards small">${cards}</ul></details>`;
  }

  renderComplete() {
    const v = this.view;
    const s = v.score;
    const me = this.idx(this.mySeat());
    const winner = s.rubber_winner === this.mySeat() ? "You won" : `${this.opponentName()} won`;
    const games = `${count(s.games[this.idx(s.rubber_winner)], "game")} to ${s.games[1 - this.idx(s.rubber_winner)]}`;
    const points = s.points_winner === null ? "The totals are equal."
      : s.points_winner === this.mySeat() ? "You win on points." : `${this.opponentName()} wins on points.`;
    const last = v.results.length ? this.renderResult(v.results[v.results.length - 1], "Last hand") : "";
    return `
      <div class="rubber-over">
        <h2>The rubber is over</h2>
        <p><strong>${esc(winner)} the rubber</strong>, ${games}.</p>
        <p>Totals: you ${s.totals[me]}, ${esc(this.opponentName().toLowerCase())} ${s.totals[1 - me]}. ${esc(points)}</p>
        ${last}
        ${this.renderPreviousTrick()}
        <p><a href="/">Play again</a></p>
      </div>`;
  }

  renderHand() {
    const v = this.view;
    const playing = v.phase === "play" || v.phase === "preliminary";
    const exchanging = v.phase === "exchange";
    const legal = (playing || exchanging) && this.myTurn() ? this.legal() : new Set();
    const verb = exchanging ? "Discard" : "Play";
    const items = sortHand(v.hand).map((c) => {
      if (!playing && !(exchanging && this.myTurn())) return `<li>${cardFace(c.pbn)}</li>`;
      return `<li><button type="button" class="card ${c.red ? "red" : "black"}${c.colon ? " colon" : ""}" data-key="c${c.id}"
        data-action="${c.action}" aria-label="${verb} the ${esc(c.name)}" ${legal.has(c.action) ? "" : "disabled"}>
        <span class="rank">${esc(c.label.slice(1))}</span><span class="suit" aria-hidden="true">${c.symbol}</span></button></li>`;
    });
    // More than thirteen cards (Bridgette's exchange) make two fans, so that no card is
    // covered past its corner.
    const rows = items.length > 13 ? [items.slice(0, Math.ceil(items.length / 2)), items.slice(Math.ceil(items.length / 2))] : [items];
    const cards = rows.map((row) => row.join(""));
    const discards = v.discards.length
      ? `<details class="discards"><summary>Your discards (${v.discards.length})</summary>
          <ul class="cards small">${sortHand(v.discards).map((c) => `<li>${cardFace(c.pbn)}</li>`).join("")}</ul></details>`
      : "";
    return `
      <section class="mine" aria-label="Your hand">
        <h2>Your hand <span class="seat">${esc(this.mySeat())}</span>
          ${this.vulnerableBadge(this.idx(this.mySeat()))}
          ${playing ? `<span class="badge">${count(v.tricks_won[this.idx(this.mySeat())], "trick")}</span>` : ""}
          ${this.renderHintButton()}</h2>
        ${items.length ? cards.map((row) => `<ul class="cards hand fan">${row}</ul>`).join("")
          : `<ul class="cards hand"><li class="empty">${v.phase === "complete" ? "no cards" : "no cards yet"}</li></ul>`}
        ${this.renderHint()}
        ${discards}
        ${this.renderDrawn()}
      </section>`;
  }

  renderHistory() {
    const v = this.view;
    const items = v.results.map((r) => `<li>${this.renderResult(r, `Hand ${r.hand + 1}`)}</li>`).reverse().join("");
    const label = v.phase === "complete" ? "Download the full record" : "Download the record so far";
    return `
      <section class="history" aria-label="Hands played">
        ${items ? `<details class="played"><summary>Hands played (${v.results.length})</summary><ul>${items}</ul></details>` : ""}
        <label class="option"><input type="checkbox" data-autoplay="1" data-key="autoplay" ${this.autoPlay ? "checked" : ""}>
          Play forced cards by themselves</label>
        <label class="option"><input type="checkbox" data-confirm-calls="1" data-key="confirm-calls" ${this.confirmCalls ? "checked" : ""}>
          Confirm each call</label>
        <label class="option">Card speed <select data-speed="1" data-key="speed">${Object.keys(SPEEDS).map((s) =>
          `<option value="${s}" ${s === this.speed ? "selected" : ""}>${SPEED_NAMES[s]}</option>`).join("")}</select></label>
        ${this.procedure() === "draw-discard" ? '<button type="button" data-walkthrough="replay" data-key="walkthrough-replay">How the drawing works</button>' : ""}
        <label class="option"><input type="checkbox" data-letters="1" data-key="letters" ${display.letters ? "checked" : ""}>
          Suits as letters (S H D C)</label>
        <label class="option"><input type="checkbox" data-ten="1" data-key="ten" ${display.ten === "T" ? "checked" : ""}>
          Ten as T</label>
        <button type="button" data-download="1" data-key="download">${label}</button>
        <button type="button" data-replace-link="1">Replace my link</button>
      </section>`;
  }
}
