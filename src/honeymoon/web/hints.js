// Hints in words: the server's hint message is a bot's advice as data (a reason code, its
// figures, the choices compared); this is the browser's wording of every code. Cards, calls
// and contracts come in notation ("SK", "3NT", "4SX") and are written as the display option says.

import {
  KEEP, PASS, DOUBLE, REDOUBLE, REJECT, TAKE_EXPOSED, TAKE_OTHER, LEAD_DEFENDER,
  LEAD_DEFENDERS_DUMMY, call, card, strainLabel,
} from "./cards.js";

const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

const suit = (f, one = false) => {
  const name = SUIT_NAMES[f.suit] || "cards";
  return one ? name.slice(0, -1) : name;
};
const contract = (f) => (f.contract ? call(f.contract).label : "the contract");
const tricks = (f) => Number(f.tricks || 0).toFixed(1);
const percent = (x) => `${Math.round(100 * Number(x || 0))}%`;
const layouts = (f) => (f.layouts ? `over ${f.layouts} layouts of the unseen cards` : "with the hands known");
const chance = (f) => (f.layouts ? `in ${percent(f.chance)} of ${f.layouts} layouts` : "with the hands known");
const signed = (x) => `${x >= 0 ? "+" : "\u2212"}${Math.abs(Math.round(x))}`;

/** The words for each reason code, from its figures. */
export const HINT_WORDS = {
  no_choice: () => "the only choice",
  bot_choice: (f) => `the ${f.bot || "computer"} bot's choice`,
  keep_length: (f) => `your ${suit(f)} grow to ${f.length} cards`,
  keep_master: (f) => `the top ${suit(f, true)} left in play`,
  keep_high: (f) => `a high card${f.longest ? " in your longest suit" : ""}`,
  keep_value: () => "worth more to your hand than an unseen card on average",
  reject_value: () => "an unseen card is worth more to your hand on average",
  reject_short: () => "a low card of a short suit",
  whim: () => "a hunch",
  pass_weak: (f) => `${f.points} points, not enough to open`,
  pass_content: (f) => `${f.points} points, happy to stop here`,
  pass_no_suit: (f) => `${f.points} points and no suit to bid`,
  pass_no_bid: (f) => (f.strain
    ? `no bid is worth it (the best, ${strainLabel(f.strain)}, takes about ${tricks(f)} tricks)`
    : "no bid is worth it"),
  pass_own: (f) => `${contract(f)} is your contract`,
  pass_defend: (f) => `defending ${contract(f)} costs less than bidding on`,
  pass_too_high: (f) => `too high to bid on over ${contract(f)}`,
  bid: (f) => {
    const what = f.shape ? `${f.points} points, a ${f.shape.join("-")} hand` : `${f.points} points, ${f.length} ${suit(f)}`;
    return `${what}, about ${tricks(f)} tricks${f.push ? ": one level too high" : ""}`;
  },
  double: (f) => (f.margin !== undefined
    ? `${contract(f)} should go down by about ${Number(f.margin).toFixed(1)} tricks`
    : `${contract(f)} should go down (${f.points} points)`),
  redouble: (f) => `you expect ${tricks(f)} tricks in ${contract(f)}`,
  best_call: (f) => `the best expected score, ${signed(f.score || 0)} points` +
    `${f.tricks !== undefined ? `, about ${tricks(f)} tricks` : ""}, ${layouts(f)}`,
  only_card: () => "your only legal card",
  win_cheaply: () => "wins the trick as cheaply as you can",
  play_low: () => "you cannot win the trick, so play low",
  ruff: () => "ruff with your lowest trump",
  discard: () => "your least useful card",
  draw_trumps: () => "draw the opponent's trumps",
  cash: () => "a sure winner: cash it",
  lead_singleton: () => "a singleton, to ruff later",
  lead_sequence: () => "the top of a sequence",
  lead_length: (f) => `low from your length (${f.length} ${suit(f)})`,
  lead_safe: () => "the safest suit to lead",
  makes: (f) => `makes ${contract(f)} ${chance(f)}`,
  sets: (f) => `sets ${contract(f)} ${chance(f)}`,
  memory: (f) => `takes seven or more memory tricks ${chance(f)}`,
  lost: (f) => (f.contract
    ? `no card ${f.declarer ? "makes" : "sets"} ${contract(f)} with the hands known: this loses least`
    : "no card takes seven memory tricks with the hands known: this loses least"),
  most_tricks: (f) => `the most tricks, ${tricks(f)} on average, ${layouts(f)}`,
  best_hand: (f) => `keeps the best hand for the draw${f.face_up
    ? `, ${percent(f.chance)} to win ${card(f.face_up).label}` : ""}`,
};

/** The four-hand table's own decisions, by action. */
const TABLE_CHOICES = {
  [TAKE_EXPOSED]: "take the dummy dealt face up",
  [TAKE_OTHER]: "take the other dummy",
  [LEAD_DEFENDER]: "have the defender lead from their hand",
  [LEAD_DEFENDERS_DUMMY]: "have the defender lead from their dummy",
};
/** Where a card goes in each placing phase of the table. */
const PLACED = {
  extra_cards: "in your hand (the other to your dummy)",
  widow_hand: "in your hand",
  widow_dummy: "in your dummy (the other two go to the defender)",
};

/** What to do: "keep ♠K", "reject ♦4", "bid 2♠", "pass", "double", "play ♠Q"; at the
 * four-hand table ("context": its phase, and whether the card is played from the dummy)
 * "play ♠Q from your dummy", "put ♠Q in your hand", "take the other dummy". */
export function actionWords(action, figures = {}, context = {}) {
  if (TABLE_CHOICES[action]) return TABLE_CHOICES[action];
  if (action === KEEP || action === REJECT) {
    const verb = action === KEEP ? "keep" : "reject";
    return figures.card ? `${verb} ${card(figures.card).label}` : verb;
  }
  if (action === PASS) return "pass";
  if (action === DOUBLE) return "double";
  if (action === REDOUBLE) return "redouble";
  if (action > REDOUBLE && action < KEEP) {  // the bids, 55 to 89
    const level = Math.floor((action - 55) / 5) + 1;
    const strain = ["C", "D", "H", "S", "NT"][(action - 55) % 5];
    return `bid ${call(`${level}${strain}`).label}`;
  }
  // A Colon (Bridgette, actions 96 to 98) or one of the 52 cards.
  const label = action >= 96
    ? card(`:${"LRG"[action - 96]}`).label
    : card("CDHS"[Math.floor(action / 13)] + "23456789TJQKA"[action % 13]).label;
  if (PLACED[context.phase]) return `put ${label} ${PLACED[context.phase]}`;
  if (context.phase === "exchange") return `discard ${label}`;  // Bridgette's exchange
  return `play ${label}${context.fromDummy ? " from your dummy" : ""}`;
}

/** The hint in one line: "Keep ♠K: a high card in your longest suit." */
export function hintLine(message, context = {}) {
  const words = HINT_WORDS[message.code];
  const why = words ? words(message.figures || {}) : "the computer's choice";
  const what = actionWords(message.action, message.figures || {}, context);
  return `${what[0].toUpperCase()}${what.slice(1)}: ${why}.`;
}

/** The numbers behind the hint: a heading and one row per choice compared (best first), or
 * a note that a rule of thumb gave it. Never a card of a sampled layout. */
export function hintNumbers(message, context = {}) {
  const f = message.figures || {};
  const goal = { makes: "makes", sets: "sets", memory: "7+ tricks" }[message.code] || "succeeds";
  const rows = (message.candidates || []).map((c) => {
    const parts = [];
    if (c.chance !== undefined) parts.push(`${goal} ${percent(c.chance)}`);
    if (c.score !== undefined) parts.push(`${signed(c.score)} points`);
    if (c.tricks !== undefined) parts.push(`${Number(c.tricks).toFixed(1)} tricks`);
    if (c.value !== undefined) parts.push(`value ${Number(c.value).toFixed(1)}`);
    return { what: actionWords(c.action, f, context), figures: parts.join(" · "), best: c.action === message.action };
  });
  let heading = "A rule of thumb, not a comparison of outcomes.";
  if (rows.length) heading = f.layouts !== undefined ? `The choices compared, ${layouts(f)}:` : "The choices compared:";
  const note = f.layouts ? "Each layout is a guess at the cards you cannot see; none is shown." : "";
  return { heading, rows, note };
}
