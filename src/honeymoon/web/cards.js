// Cards, calls and seats: the notation the server sends, in words and symbols.

export const SUITS = {
  S: { symbol: "\u2660", name: "spades", red: false },
  H: { symbol: "\u2665", name: "hearts", red: true },
  D: { symbol: "\u2666", name: "diamonds", red: true },
  C: { symbol: "\u2663", name: "clubs", red: false },
};
const SUIT_ORDER = "SHCD"; // alternate the colours in a sorted hand
const RANKS = "23456789TJQKA";
const RANK_NAMES = {
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
};
const STRAINS = { C: "club", D: "diamond", H: "heart", S: "spade", NT: "no trump" };
const STRAIN_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660", NT: "NT" };

/** How cards are written on this page (the player's display option): suit symbols or letters
 * (S H D C), and the ten as 10 or T. Words for screen readers do not change. */
export const display = { letters: false, ten: "10" };

/** Set the display option: `{letters: true|false, ten: "10"|"T"}`. */
export function setDisplay(options) {
  display.letters = Boolean(options.letters);
  display.ten = options.ten === "T" ? "T" : "10";
}

/** A suit or strain key ("S", "NT") as the display option writes it. */
export function strainLabel(key) {
  return display.letters ? key : STRAIN_SYMBOLS[key];
}

/** Bridgette's Colons, ":L" ":R" ":G" (card ids 52 to 54, low to high), shown as "⁝G". */
export const COLON_SYMBOL = "\u205d";
const COLONS = "LRG";
const COLON_NAMES = { L: "Little Colon", R: "Royal Colon", G: "Grand Colon" };
/** The action number of the first Colon (the Little Colon), as the server numbers them. */
const FIRST_COLON_ACTION = 96;

/** A card "SA" (or a Colon ":G") as {suit, rank, symbol, label, name, red, id, action}. */
export function card(pbn) {
  const suit = pbn[0];
  if (suit === ":") {
    const letter = pbn.slice(1);
    const kind = COLONS.indexOf(letter);
    return {
      pbn,
      suit,
      rank: letter,
      red: false,
      colon: true,
      symbol: COLON_SYMBOL,
      label: `${COLON_SYMBOL}${letter}`,
      name: COLON_NAMES[letter],
      id: 52 + kind,
      action: FIRST_COLON_ACTION + kind,
    };
  }
  const rank = pbn.slice(1);
  const info = SUITS[suit];
  const shown = rank === "T" ? display.ten : rank;
  const symbol = display.letters ? suit : info.symbol;
  return {
    pbn,
    suit,
    rank,
    red: info.red,
    symbol,
    label: `${symbol}${shown}`,
    name: `${RANK_NAMES[rank]} of ${info.name}`,
    id: "CDHS".indexOf(suit) * 13 + RANKS.indexOf(rank),
    action: "CDHS".indexOf(suit) * 13 + RANKS.indexOf(rank),
  };
}

/** The place of a card's group in a sorted hand: the suits, then the Colons. */
const groupOf = (c) => (c.colon ? SUIT_ORDER.length : SUIT_ORDER.indexOf(c.suit));
const heightOf = (c) => (c.colon ? COLONS.indexOf(c.rank) : RANKS.indexOf(c.rank));

/** Cards sorted for display: by suit (colours alternating), high cards first; the Colons
 * (Bridgette) in a group of their own after the suits, the Grand Colon first. */
export function sortHand(pbns) {
  return pbns
    .map(card)
    .sort((a, b) => groupOf(a) - groupOf(b) || heightOf(b) - heightOf(a));
}

/** A call "3NT", "1S", "P", "X", "XX" (or a contract "4SX") in symbols and words. */
export function call(text) {
  if (text === "P" || text === "Pass") return { label: "Pass", name: "pass", red: false };
  if (text === "X") return { label: "Dbl", name: "double", red: false };
  if (text === "XX") return { label: "Rdbl", name: "redouble", red: false };
  const match = /^([1-7])(NT|[CDHS])(X{0,2})$/.exec(text);
  if (!match) return { label: text, name: text, red: false };
  const [, level, strain, doubled] = match;
  const plural = level === "1" || strain === "NT" ? "" : "s";
  const tail = doubled === "X" ? ", doubled" : doubled === "XX" ? ", redoubled" : "";
  return {
    label: `${level}${strainLabel(strain)}${doubled}`,
    name: `${level} ${STRAINS[strain]}${plural}${tail}`,
    red: strain === "H" || strain === "D",
  };
}

/** A count and its noun, singular for one: "1 card", "0 cards", "2 tricks". */
export function count(number, noun, plural = `${noun}s`) {
  return `${number} ${number === 1 ? noun : plural}`;
}

/** The action number of a bid, as the server numbers them. */
export function bidAction(level, strainIndex) {
  return 55 + (level - 1) * 5 + strainIndex;
}

export const STRAIN_KEYS = ["C", "D", "H", "S", "NT"];
export { STRAIN_SYMBOLS, STRAINS };
export const PASS = 52;
export const DOUBLE = 53;
export const REDOUBLE = 54;
export const KEEP = 90;
export const REJECT = 91;
// The four-hand table's choices (honeymoon/actions.py): declarer's dummy, the opening leader.
export const TAKE_EXPOSED = 92;
export const TAKE_OTHER = 93;
export const LEAD_DEFENDER = 94;
export const LEAD_DEFENDERS_DUMMY = 95;
