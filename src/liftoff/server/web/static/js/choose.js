// How a move is made on the board, as data: no DOM here.
//
// A board piece carries a group of tokens (data-tokens="S3 bonfire": the segment and
// the Lift Off Point on it). An action's text is a row of slots separated by spaces;
// a slot with commas is a set ("keep S01,S21"). The action's *board words* are its
// words that some piece on the board carries. Its *subject* is the first slot with a
// board word — the piece a person picks first (the Alien's square to move from, the
// card to play, the Lift Off Point to board); any member of a set slot may be picked
// first. Later picks may come in any order. So at the start of a turn only the
// pieces that can begin a move are marked, and the picks narrow the moves down.

/** The words of an action text (slots split at spaces, sets at commas). */
export function words(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** Can the groups be given distinct words of ``pool`` (a list, used as a multiset)? */
function fits(groups, pool) {
  if (!groups.length) return true;
  const [first, ...rest] = groups;
  const tried = new Set();
  for (let i = 0; i < pool.length; i++) {
    const w = pool[i];
    if (tried.has(w) || !first.includes(w)) continue;
    tried.add(w);
    if (fits(rest, [...pool.slice(0, i), ...pool.slice(i + 1)])) return true;
  }
  return false;
}

/** The state of a move being put together from picks on the board. */
export class Choice {
  constructor() {
    this.picked = [];       // token groups, in the order picked
    this.legal = [];        // [{text, description}]
    this.onBoard = new Set(); // every token some piece carries
    this.parsed = new Map(); // text -> {board: [...], subjects: [...]}
  }

  /** New legal actions and board tokens (after a render); picks that no longer fit go. */
  update(legal, onBoard) {
    this.legal = legal;
    this.onBoard = onBoard;
    this.parsed = new Map();
    while (this.picked.length && !this.legal.some((a) => this.fitsAction(a.text, this.picked))) {
      this.picked.pop();
    }
  }

  parse(text) {
    let got = this.parsed.get(text);
    if (!got) {
      const board = words(text).filter((w) => this.onBoard.has(w));
      const slot = text.split(/\s+/).map((s) => s.split(",").filter((w) => this.onBoard.has(w)))
        .find((members) => members.length) || [];
      got = { board, subjects: slot };
      this.parsed.set(text, got);
    }
    return got;
  }

  /** Do ``groups`` (the first as the subject) fit the action's board words? */
  fitsAction(text, groups) {
    const { board, subjects } = this.parse(text);
    if (!groups.length) return board.length > 0;
    if (groups.length > board.length) return false;
    const [first, ...rest] = groups;
    return subjects.some((s) => {
      if (!first.includes(s)) return false;
      const at = board.indexOf(s);
      return fits(rest, [...board.slice(0, at), ...board.slice(at + 1)]);
    });
  }

  /** The legal actions the picks so far lead to (none before the first pick). */
  candidates() {
    if (!this.picked.length) return [];
    return this.legal.filter((a) => this.fitsAction(a.text, this.picked));
  }

  /** Every board word of the action has been picked. */
  complete(text) {
    return this.fitsAction(text, this.picked) && this.parse(text).board.length === this.picked.length;
  }

  /** Would picking ``group`` now still lead to a legal action? */
  canPick(group) {
    const next = [...this.picked, group];
    return this.legal.some((a) => this.fitsAction(a.text, next));
  }

  isPicked(group) {
    const key = group.join(" ");
    return this.picked.some((g) => g.join(" ") === key);
  }

  /**
   * A click on a piece: pick it when that leads somewhere, else drop it when it was
   * picked, else start again from it. Returns the action to make when the picks
   * leave exactly one, complete.
   */
  click(group) {
    if (this.canPick(group)) this.picked.push(group);
    else if (this.isPicked(group)) this.unpick(group);
    else if (this.legal.some((a) => this.fitsAction(a.text, [group]))) this.picked = [group];
    else return null;
    const left = this.candidates();
    return left.length === 1 && this.complete(left[0].text) ? left[0].text : null;
  }

  /** Drop the last pick of ``group``. */
  unpick(group) {
    const key = group.join(" ");
    for (let i = this.picked.length - 1; i >= 0; i--) {
      if (this.picked[i].join(" ") === key) { this.picked.splice(i, 1); return; }
    }
  }

  clear() {
    this.picked = [];
  }

  /** Legal actions with no board word: made by a button beside the board. */
  free() {
    return this.legal.filter((a) => !this.parse(a.text).board.length);
  }
}
