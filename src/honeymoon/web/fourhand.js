// The four-hand table (Double Dummy, Single Dummy Bridge and the other variants in which each
// player has a dummy): the seat's own hand at the bottom, its dummy opposite, the opponent and
// the opponent's dummy at the sides, as they sit at a real table; the trick in the middle, each
// card before the hand that played it. It renders the server's table view as it is: a hand the
// seat may not see arrives as null and is drawn as card backs with its count.

import {
  LEAD_DEFENDER, LEAD_DEFENDERS_DUMMY, TAKE_EXPOSED, TAKE_OTHER, call, card, count, sortHand,
} from "./cards.js";
import { Table } from "./table.js";

const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const DIRECTIONS = ["north", "east", "south", "west"];
const DIRECTION_LABELS = { north: "North", east: "East", south: "South", west: "West" };
// Each player's own hand and dummy (RULES.md 5.1): South holds North, East holds West.
const OWN = { south: "south", east: "east" };
const DUMMY = { south: "north", east: "west" };
const OWNER = { north: "south", south: "south", east: "east", west: "east" };
const SUIT_ROWS = ["S", "H", "D", "C"];
export { TAKE_EXPOSED, TAKE_OTHER, LEAD_DEFENDER, LEAD_DEFENDERS_DUMMY };

function face(pbn, extra = "") {
  const c = card(pbn);
  return `<span class="face ${c.red ? "red" : "black"} ${extra}" aria-label="${esc(c.name)}">` +
    `<span class="rank">${esc(c.label.slice(1))}</span><span class="suit" aria-hidden="true">${c.symbol}</span></span>`;
}

/** How far the centre of `target` is from the centre of `element`, in px: [x, y]. */
function offset(element, target) {
  const a = element.getBoundingClientRect();
  const b = target.getBoundingClientRect();
  return [b.left + b.width / 2 - (a.left + a.width / 2), b.top + b.height / 2 - (a.top + a.height / 2)];
}

export class FourHandTable extends Table {
  // -- who is where ------------------------------------------------------------------------

  myHand() { return OWN[this.mySeat()]; }
  myDummy() { return DUMMY[this.mySeat()]; }
  theirHand() { return OWN[this.opponentSeat()]; }
  theirDummy() { return DUMMY[this.opponentSeat()]; }

  /** Where each hand sits on the screen: this seat at the bottom, its dummy opposite (top),
   * the hand that plays after this seat's on its left, the other on its right. The playing
   * order comes from the view (the clockwise arrangement can change places). */
  places() {
    const order = this.view.order && this.view.order.length === 4 ? this.view.order : DIRECTIONS;
    const me = this.myHand();
    const left = order[(order.indexOf(me) + 1) % 4];
    const right = DIRECTIONS.find((d) => d !== me && d !== left && d !== this.myDummy());
    return { bottom: me, top: this.myDummy(), left, right };
  }

  /** A hand's name from this seat: "You", "Your dummy", "Computer", "Computer's dummy". */
  handName(direction) {
    if (direction === this.myHand()) return "You";
    if (direction === this.myDummy()) return "Your dummy";
    if (direction === this.theirHand()) return this.opponentName();
    return `${this.opponentName()}'s dummy`;
  }

  /** The side that holds a hand, as a sentence's object: "you" or "computer". */
  sideName(direction) {
    return OWNER[direction] === this.mySeat() ? "you" : this.opponentName().toLowerCase();
  }

  // -- page parts ----------------------------------------------------------------------------

  renderPage() {
    const v = this.view;
    const table = v.phase === "complete"
      ? `<section class="center rubber-end" aria-label="Table">${this.renderComplete()}</section>`
      : this.renderBoard();
    return `
      <div class="table four-hands phase-${esc(v.phase)}" data-version="${this.version}" data-hand="${v.hand_number}">
        ${this.renderScore()}
        ${this.renderFairPlay()}
        ${table}
        ${this.renderHistory()}
      </div>`;
  }

  focusFallback() {
    return ".controls button:not([disabled]), .board button.card:not([disabled])";
  }

  /** The four hands round the trick, then what to do now (the auction, a choice, the turn). */
  renderBoard() {
    const places = this.places();
    return `
      <section class="board" aria-label="Table">
        ${this.renderSeat(places.top, "top")}
        ${this.renderSeat(places.left, "left")}
        <div class="trick-area${this.trickSwept() ? " swept" : ""}">${this.renderTrickArea(places)}</div>
        ${this.renderSeat(places.right, "right")}
        ${this.renderSeat(places.bottom, "bottom")}
      </section>
      <section class="controls center" aria-label="Your turn and the calls">${this.renderControls()}</section>`;
  }

  /** One hand in its place: its name, its count, and its cards if this seat may see them
   * (buttons when it is this hand's card to play and this seat's turn), else card backs. */
  renderSeat(direction, place) {
    const v = this.view;
    const index = DIRECTIONS.indexOf(direction);
    const size = v.hand_sizes[index];
    const cards = v.hands[direction];
    const toPlay = v.phase === "play" && v.to_play === direction;
    const mine = OWNER[direction] === this.mySeat();
    const playable = toPlay && mine && this.myTurn();
    const legal = playable ? this.legal() : new Set();
    const name = this.handName(direction);
    let badges = "";
    if (direction === this.theirHand()) badges += this.presenceBadge();
    if (direction === v.exposed_dummy && v.phase !== "play") badges += '<span class="badge">dealt face up</span>';
    if (direction === v.opening_leader && v.phase === "play" && !v.tricks.length && !(v.current_trick && v.current_trick.cards.length)) {
      badges += '<span class="badge">leads</span>';
    }
    if (toPlay) badges += `<span class="badge turn-badge">${mine && this.myTurn() ? "play from here" : "to play"}</span>`;
    let body;
    const layout = v.covers && v.covers[direction];
    if (layout && layout.length) {
      body = this.layoutRow(layout, legal, playable);
    } else if (cards === null || cards === undefined) {
      const why = this.hiddenWhy(direction);
      body = `<div class="backs" role="img" aria-label="${esc(`${count(size, "card")} face down`)}">${'<span class="back"></span>'.repeat(size)}</div>
        ${why ? `<p class="hidden-why">${esc(why)}</p>` : ""}`;
    } else if (place === "left" || place === "right") {
      body = this.suitRows(cards, legal, playable);
    } else {
      body = this.cardRow(cards, legal, playable, place === "bottom" ? "hand" : "dummy-cards");
    }
    const label = `${name} (${DIRECTION_LABELS[direction]})`;
    return `
      <section class="seat-hand place-${place} ${toPlay ? "to-play" : ""}" data-direction="${direction}" aria-label="${esc(label)}">
        <h2>${esc(name)} <span class="seat">${DIRECTION_LABELS[direction]}</span>
          <span class="count">${count(size, "card")}</span> ${badges}</h2>
        ${body}
      </section>`;
  }

  presenceBadge() {
    const presence = this.presence[this.opponentSeat()];
    if (presence === "away") return '<span class="badge away">away: the game waits</span>';
    if (presence === "here") return '<span class="badge here">here</span>';
    return "";
  }

  /** Why a hand is face down, in a few words (for a new player). */
  hiddenWhy(direction) {
    const v = this.view;
    const rules = this.rules();
    if (direction === this.theirHand()) return "";
    if (direction === this.myDummy()) return "You see your dummy after the auction.";
    if (rules.racks) return "Racks: you never see this dummy.";
    if (rules.exposed_dummy && v.phase !== "play") return "Face down until declarer chooses a dummy.";
    return "Face up after the opening lead.";
  }

  /** Cards in a row (the seat's own hand, a dummy opposite), as buttons when playable. */
  cardRow(cards, legal, playable, kind) {
    const items = sortHand(cards).map((c) => {
      if (!playable) return `<li>${face(c.pbn)}</li>`;
      return `<li>${this.cardButton(c, legal)}</li>`;
    }).join("");
    return `<ul class="cards ${kind}">${items || '<li class="empty">no cards</li>'}</ul>`;
  }

  cardButton(c, legal) {
    return `<button type="button" class="card ${c.red ? "red" : "black"}" data-key="c${c.id}"
      data-action="${c.id}" aria-label="Play the ${esc(c.name)}" ${legal.has(c.id) ? "" : "disabled"}>
      <span class="rank">${esc(c.label.slice(1))}</span><span class="suit" aria-hidden="true">${c.symbol}</span></button>`;
  }

  /** Semi-Exposed Dummies: a dummy as it lies, place by place: a face-up card, with a card
   * back under it while it covers a face-down card (a face-down card alone once its cover was
   * played, until the trick ends and it is turned up). Face-down cards are never named. */
  layoutRow(layout, legal, playable) {
    const piles = layout.map(([pbn, covered]) => {
      const c = pbn ? card(pbn) : null;
      const top = c ? (playable ? this.cardButton(c, legal) : face(c.pbn)) : "";
      const under = covered ? '<span class="back under" role="img" aria-label="a face-down card"></span>' : "";
      const empty = !c && !covered ? '<span class="gone" aria-hidden="true"></span>' : "";
      return `<li class="pile${covered ? " covered" : ""}">${under}${top}${empty}</li>`;
    }).join("");
    return `<ul class="cards layout">${piles}</ul>`;
  }

  /** A hand at the side, suit by suit as a bridge diagram writes it (narrow enough for a phone). */
  suitRows(cards, legal, playable) {
    const sorted = sortHand(cards);
    const rows = SUIT_ROWS.map((suit) => {
      const inSuit = sorted.filter((c) => c.suit === suit);
      const symbol = card(`${suit}A`).symbol;
      const red = suit === "H" || suit === "D";
      const ranks = inSuit.map((c) => (playable
        ? this.cardButton(c, legal)
        : `<span class="rank" aria-label="${esc(c.name)}">${esc(c.label.slice(1))}</span>`)).join(" ");
      return `<li><span class="suit-key ${red ? "red" : ""}" aria-hidden="true">${symbol}</span> ${ranks || '<span class="void">—</span>'}</li>`;
    }).join("");
    return `<ul class="suit-rows">${rows}</ul>`;
  }

  /** The trick in the middle: each card in front of the hand that played it. */
  renderTrickArea(places) {
    const v = this.view;
    let trick = null;
    let caption = "";
    if (v.phase === "play") {
      if (v.current_trick && v.current_trick.cards.length) {
        trick = v.current_trick;
        caption = `Trick ${v.tricks.length + 1}`;
      } else if (v.tricks.length) {
        trick = v.tricks[v.tricks.length - 1];
        caption = `Trick ${v.tricks.length}, won by ${esc(this.sideName(trick.winner))}`;
      } else {
        caption = `${esc(this.handName(v.to_play))} lead${v.to_play === this.myHand() ? "" : "s"}`;
      }
    } else if (v.previous_last_trick && v.auction.length < 2) {
      trick = v.previous_last_trick;
      caption = "Last trick of the last hand";
    }
    if (this.rules().widow && v.phase === "auction") {
      caption += `<span class="widow-pile" role="img" aria-label="The widow: ${count(v.stock_remaining, "card")} face down">
        <span class="widow-name">Widow</span>${'<span class="back"></span>'.repeat(v.stock_remaining)}</span>`;
    }
    const slot = (place) => {
      const direction = places[place];
      const at = trick ? trick.players.indexOf(direction) : -1;
      const won = trick && trick.winner === direction ? " won" : "";
      const inner = at >= 0 ? face(trick.cards[at], `big${won}`) : "";
      return `<div class="slot slot-${place}" data-direction="${direction}">${inner}</div>`;
    };
    // Whose card it is, beside the trick, where the eye is (the full line is under the table).
    let turn = "";
    if (v.phase === "play" && v.to_act === this.mySeat()) {
      turn = `<strong class="trick-turn">Your turn: ${v.to_play === this.myDummy() ? "your dummy" : "your hand"}</strong>`;
    }
    return `${slot("top")}${slot("left")}<p class="trick-caption">${caption}${turn}</p>${slot("right")}${slot("bottom")}`;
  }

  // -- motion: the two-hand table's (its speed, reduced motion, what changed), placed at four

  /** The card just played travels from the hand (or dummy) that played it to its place in
   * the trick. */
  animateCardPlayed(options) {
    const v = this.view;
    const trick = v.current_trick && v.current_trick.cards.length ? v.current_trick : v.tricks[v.tricks.length - 1];
    if (!trick || !trick.players.length) return;
    const direction = trick.players[trick.players.length - 1];
    const face = this.root.querySelector(`.trick-area .slot[data-direction="${direction}"] .face`);
    const hand = this.root.querySelector(`.board .seat-hand[data-direction="${direction}"]`);
    if (!face || !hand) return;
    const [x, y] = offset(face.closest(".slot"), hand);
    face.animate([{ transform: `translate(${x}px, ${y}px) scale(0.8)`, opacity: 0.3 }, { transform: "none", opacity: 1 }], options);
  }

  /** The trick just completed is held in the middle a moment (its last card's travel and as
   * long again), then swept to its winner's side of the table, and stays swept when the table
   * is drawn again; the caption still says who won it. */
  animateTrickWon(options, before, now) {
    const v = this.view;
    if (now.tricks <= before.tricks || now.cards) return;
    const trick = v.tricks[v.tricks.length - 1];
    const winner = this.root.querySelector(`.board .seat-hand[data-direction="${trick.winner}"]`);
    if (!winner) return;
    const sweep = { duration: options.duration, delay: 2 * options.duration, easing: "ease-in", fill: "forwards" };
    const swept = { hand: v.hand_number, tricks: v.tricks.length };
    let last = null;
    this.root.querySelectorAll(".trick-area .slot .face").forEach((face) => {
      // From the slot, where the card rests (the card itself may be on its way there).
      const [x, y] = offset(face.closest(".slot"), winner);
      last = face.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${x}px, ${y}px) scale(0.5)`, opacity: 0 }], sweep);
    });
    if (!last) return;
    last.finished.then(() => {
      this.swept = swept;
      const area = this.root.querySelector(".trick-area");
      if (area && this.trickSwept()) area.classList.add("swept");
    }).catch(() => {});
  }

  /** True if the trick in the middle is the last one won and it was swept to its winner. */
  trickSwept() {
    const v = this.view;
    const swept = this.swept;
    if (!swept || v.phase !== "play" || (v.current_trick && v.current_trick.cards.length)) return false;
    return swept.hand === v.hand_number && swept.tricks === v.tricks.length;
  }

  /** What to do now: the auction, declarer's choice of dummy, the extra cards, or the play. */
  renderControls() {
    const v = this.view;
    const header = `<p class="hand-line">Hand ${v.hand_number + 1} ·
      ${v.dealer === this.mySeat() ? "you deal" : `${esc(this.opponentName().toLowerCase())} deals`}</p>`;
    const last = v.results.length && v.auction.length < 2 && v.phase === "auction"
      ? this.renderResult(v.results[v.results.length - 1], "Last hand") : "";
    return header + this.renderPhaseControls(last) + this.renderTableHint();
  }

  renderPhaseControls(last) {
    switch (this.view.phase) {
      case "auction": return last + this.renderTableAuction();
      case "dummy_choice": return this.renderContractLine() + this.renderDummyChoice();
      case "extra_cards": return this.renderContractLine() + this.renderExtraCards();
      case "widow_hand":
      case "widow_dummy": return this.renderContractLine() + this.renderWidow();
      case "lead_choice": return this.renderContractLine() + this.renderLeadChoice();
      case "play": return this.renderTablePlay();
      default: return this.renderPhaseUnknown();
    }
  }

  /** The hint button on this seat's turn, and the hint once it came (worded for the table's
   * decisions: which hand a card is played from, where a card is put, which dummy). */
  renderTableHint() {
    const button = this.renderHintButton();
    return button ? `<div class="table-hint">${button}${this.renderHint()}</div>` : "";
  }

  offersReview() {
    return false;
  }

  /** What the hint's action is at this table: the phase, and the hand a card is played from. */
  hintContext() {
    const v = this.view;
    return { phase: v.phase, fromDummy: v.phase === "play" && v.to_play === this.myDummy() };
  }

  renderTableAuction() {
    const v = this.view;
    const parts = [];
    if (this.rules().widow) {
      parts.push(`<p class="hint">Twelve cards each; four lie face down as the widow. You bid with your
        own hand only. Declarer then takes the widow: one card to the hand, one to the dummy, two to
        the defender (one to each of theirs); then declarer chooses who leads.</p>`);
    } else if (this.rules().semi_exposed) {
      parts.push(`<p class="hint">Each dummy lies as six face-down cards, each under a face-up card, and a
        seventh face-up card. A dummy plays only its face-up cards; a covered card turns up at the end
        of the trick in which its cover is played.</p>`);
    } else if (v.exposed_dummy) {
      parts.push(`<p class="hint">${esc(this.handName(v.exposed_dummy))} is dealt face up. After the auction declarer
        takes it or the other dummy as partner.</p>`);
    } else if (this.rules().twelve_and_two) {
      parts.push('<p class="hint">Twelve cards each; you see your dummy now. After the auction each player gets two more cards, one for the hand and one for the dummy.</p>');
    } else {
      parts.push('<p class="hint">You bid with your own hand only; you see your dummy after the auction.</p>');
    }
    parts.push(this.renderAuction());
    return parts.join("");
  }

  renderContractLine() {
    const v = this.view;
    if (!v.contract) return "";
    const contract = call(v.contract);
    const need = 6 + Number(v.contract[0]);
    return `<p class="contract">Contract <strong aria-label="${esc(contract.name)}">${esc(contract.label)}</strong>
      by ${esc(this.who(v.declarer).toLowerCase())} (${count(need, "trick")} needed)</p>`;
  }

  /** Single Dummy Bridge: declarer takes the exposed dummy or the other one. */
  renderDummyChoice() {
    const v = this.view;
    const exposed = v.exposed_dummy;
    const other = exposed === "north" ? "west" : "north";
    if (v.to_act !== this.mySeat()) {
      return `<p class="turn">${esc(this.opponentName())} is choosing a dummy…</p>
        <p class="hint">Declarer takes the face-up dummy or the face-down one as partner; the other is yours.</p>`;
    }
    const legal = this.myTurn() ? this.legal() : new Set();
    const button = (action, label, name) => `<button type="button" class="choice" data-key="a${action}"
      data-action="${action}" aria-label="${esc(name)}" ${legal.has(action) ? "" : "disabled"}>${esc(label)}</button>`;
    return `<p class="turn">Your turn: choose your dummy</p>
      <p class="hint">The one you take sits opposite you; your opponent gets the other. Both are then face up.</p>
      <div class="buttons choices">
        ${button(TAKE_EXPOSED, `Take the face-up dummy (now ${DIRECTION_LABELS[exposed]})`, "Take the exposed dummy")}
        ${button(TAKE_OTHER, `Take the face-down dummy (now ${DIRECTION_LABELS[other]})`, "Take the other dummy")}
      </div>`;
  }

  /** Twelve and two: each player puts one extra card in the hand, the other in the dummy. The
   * Widow: the defender does the same with the two widow cards declarer gave them. */
  renderExtraCards() {
    const v = this.view;
    const extra = v.extra_cards || [];
    const widow = this.rules().widow;
    const what = widow ? "the two widow cards" : "two extra cards";
    if (v.to_act !== this.mySeat()) {
      const mine = extra.length
        ? `<p class="extra-line">Your extra cards: ${extra.map((pbn) => face(pbn)).join(" ")} (you place them next)</p>` : "";
      return `<p class="turn">${esc(this.opponentName())} is placing ${what}…</p>${mine}${this.widowLine()}`;
    }
    const intro = widow
      ? `${esc(this.opponentName())} took the widow and gave you two of its cards.`
      : "Each player gets two more cards.";
    return `<p class="turn">Your turn: place ${widow ? "the two widow cards" : "your two extra cards"}</p>
      <p class="hint">${intro} Choose the card for your own hand; the other goes to your dummy.</p>
      <div class="buttons extras">${this.placeButtons(extra, "hand", "the other card goes to your dummy")}</div>`;
  }

  /** Buttons that put one of `cards` in the player's hand or dummy (`to`). */
  placeButtons(cards, to, rest) {
    const legal = this.myTurn() ? this.legal() : new Set();
    return sortHand(cards).map((c) => `<button type="button" class="extra" data-key="x${c.id}"
      data-action="${c.id}" aria-label="${esc(`Put the ${c.name} in your ${to}; ${rest}`)}"
      ${legal.has(c.id) ? "" : "disabled"}>${face(c.pbn)} <span>to my ${to}</span></button>`).join("");
  }

  /** The Widow: the widow's cards this seat has seen (declarer all four, the defender two). */
  widowLine() {
    const seen = this.view.widow || [];
    if (!seen.length) return "";
    const mine = this.view.declarer === this.mySeat();
    return `<p class="extra-line">${mine ? "The widow" : "Your cards from the widow"}:
      ${sortHand(seen).map((c) => face(c.pbn)).join(" ")}</p>`;
  }

  /** The Widow: declarer puts one card in the hand, then one in the dummy; two go to the
   * defender. */
  renderWidow() {
    const v = this.view;
    const toHand = v.phase === "widow_hand";
    if (v.to_act !== this.mySeat()) {
      return `<p class="turn">${esc(this.opponentName())} is taking the widow…</p>
        <p class="hint">Declarer puts one card in the hand and one in the dummy, and gives you the other two.</p>`;
    }
    const cards = v.extra_cards || [];
    const step = toHand
      ? "Choose the card for your hand."
      : "Choose the card for your dummy; the other two go to your opponent, one for their hand and one for their dummy.";
    const rest = toHand ? "then one for your dummy" : "the other two go to your opponent";
    return `<p class="turn">Your turn: the widow (${count(cards.length, "card")})</p>
      <p class="hint">${esc(step)} Your opponent does not see which cards you keep.</p>
      <div class="buttons extras">${this.placeButtons(cards, toHand ? "hand" : "dummy", rest)}</div>`;
  }

  /** The Widow: declarer chooses whether the defender or the defender's dummy leads. */
  renderLeadChoice() {
    const v = this.view;
    if (v.to_act !== this.mySeat()) {
      return `<p class="turn">${esc(this.opponentName())} is choosing who leads: you or your dummy…</p>${this.widowLine()}`;
    }
    const legal = this.myTurn() ? this.legal() : new Set();
    const button = (action, direction, label) => `<button type="button" class="choice" data-key="a${action}"
      data-action="${action}" aria-label="${esc(label)}" ${legal.has(action) ? "" : "disabled"}>${esc(
      `${this.handName(direction)} (${DIRECTION_LABELS[direction]}) leads`)}</button>`;
    return `<p class="turn">Your turn: choose who makes the opening lead</p>
      <p class="hint">Your opponent leads from their own hand or from their dummy, as you choose.</p>
      <div class="buttons choices">
        ${button(LEAD_DEFENDER, this.theirHand(), "The defender leads")}
        ${button(LEAD_DEFENDERS_DUMMY, this.theirDummy(), "The defender's dummy leads")}
      </div>${this.widowLine()}`;
  }

  renderTablePlay() {
    const v = this.view;
    const me = this.idx(this.mySeat());
    let turn;
    const from = v.to_play === this.myDummy() ? `your dummy (${DIRECTION_LABELS[v.to_play]})` : "your hand";
    if (v.to_act === this.mySeat()) {
      turn = `Your turn: play from ${from}`;
    } else {
      const theirs = v.to_play === this.theirDummy() ? "their dummy" : "their hand";
      turn = `${esc(this.opponentName())} to play from ${theirs}…`;
    }
    // Before the opening lead, say who leads and why (the clockwise arrangement may just have
    // moved the hands at the sides).
    let lead = "";
    const started = v.tricks.length || (v.current_trick && v.current_trick.cards.length);
    if (!started && v.opening_leader) {
      const why = this.rules().clockwise
        ? "the clockwise arrangement puts the defender's dummy on lead"
        : "the hand at declarer's left leads";
      lead = `<p class="hint">${esc(this.handName(v.opening_leader))} lead${v.opening_leader === this.myHand() ? "" : "s"}: ${why}.</p>`;
    }
    return `
      ${this.renderContractLine()}${lead}
      <p class="tricks-won">Tricks: you ${v.tricks_won[me]} · ${esc(this.opponentName().toLowerCase())} ${v.tricks_won[1 - me]}</p>
      <p class="turn">${turn}</p>
      ${this.claimText(v.hand_number)}
      <div class="buttons play-tools">${this.renderClaimButton()}</div>
      ${this.renderAuctionStrip()}
      ${this.renderTricksSoFar()}`;
  }

  /** A phase this page has no panel for (a variant newer than the page): the legal actions as
   * buttons, each named by the server's own text for it, so the game can always go on. */
  renderPhaseUnknown() {
    const v = this.view;
    if (v.to_act !== this.mySeat()) return `<p class="turn">${esc(this.opponentName())} to act…</p>`;
    const off = this.myTurn() ? "" : "disabled";
    const buttons = v.legal_actions.map((a) => `<button type="button" data-key="a${a.action}"
      data-action="${a.action}" ${off}>${esc(a.text)}</button>`).join("");
    return `<p class="turn">Your turn (${esc(v.phase.replace(/_/g, " "))})</p>
      <div class="buttons choices">${buttons}</div>`;
  }

  renderTricksSoFar() {
    const v = this.view;
    if (!v.tricks.length) return "";
    const list = v.tricks.map((t) => {
      const cards = t.cards.map((pbn, i) => `${esc(DIRECTION_LABELS[t.players[i]][0])} ${face(pbn)}`).join(" ");
      return `<li>${cards} <span class="won">won by ${esc(this.sideName(t.winner))}</span></li>`;
    }).join("");
    return `<details class="tricks-recap"><summary>Tricks so far (${v.tricks.length})</summary><ol>${list}</ol></details>`;
  }

  /** A trick of the table, for the previous hand's last trick. */
  renderTrick(trick, caption) {
    const slots = trick.cards.map((pbn, i) =>
      `<li><span class="who">${esc(this.handName(trick.players[i]))}</span>${face(pbn, "big")}</li>`).join("");
    const won = trick.winner ? `<p class="won">won by ${esc(this.sideName(trick.winner))}</p>` : "";
    return `<div class="trick"><p class="caption">${caption}</p><ul>${slots}</ul>${won}</div>`;
  }

  // -- the review: the two-hand table's, with the four hands as its places ------------------

  reviewPlaces() {
    return [this.myHand(), this.myDummy(), this.theirHand(), this.theirDummy()]
      .map((d) => [DIRECTIONS.indexOf(d), d === this.myHand() ? "Your hand" : this.handName(d)]);
  }
  trickPlayer(direction) { return this.handName(direction); }
  trickSide(direction) { return OWNER[direction]; }
  costWho(cost) { return this.handName(cost.hand); }
  reviewStartWords() { return "The hands as the play began"; }
}
