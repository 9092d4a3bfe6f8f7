"""Every word the terminal prints itself, as ``cli.*`` message ids.

The games' sentences (descriptions, narration, rules) come from the games; the
words here are the terminal's own: prompts, headers, help, errors, the boards'
labels. They are registered at import (the catalogue tooling imports this
module) and rendered with :func:`say` and :func:`count` in the language of the
enclosing :func:`liftoff.engine.messages.speaking` block.
"""

from __future__ import annotations

from typing import Any

from liftoff.engine.messages import plural, register, register_plurals, render


def say(code: str, **params: Any) -> str:
    """The terminal's message ``code`` with ``params``, in the current language."""
    return render(code, params)


def count(code: str, n: int, **params: Any) -> str:
    """The terminal's plural message ``code`` for the number ``n`` (``{count}``)."""
    return plural(code, n, params)


def comma() -> str:
    """The separator of a list of names or cards (", ")."""
    return say("cli.comma")


HELP = """\
[bold]Commands[/bold] (choose a move by its number, or type its text):
  [bold]a[/bold] or Enter   list the choices here again
  [bold]back[/bold]         go up one step in a menu of choices
  [bold]board[/bold]        draw the board again
  [bold]log[/bold]          the last lines of the game
  [bold]undo[/bold]         take back your last move (and the bots' moves since)
  [bold]hint[/bold]         suggest a move (when hints are on at this table)
  [bold]legend[/bold]       what the signs on the board mean
  [bold]rule[/bold] WORDS   rules found by words or ID, e.g. rule moon, rule PL-MOVE-1
  [bold]?[/bold] or help    this list
  [bold]q[/bold] or quit    stop playing (asks first unless the game is saved)
Tab completes move texts and commands; Up and Down recall your earlier lines."""

register(
    {
        "cli.comma": ", ",
        "cli.menu.summary": "{choices}: {kinds}",
        "cli.play.players": "{title}: {count} players",
        "cli.play.players.options": "{title}: {count} players, options {options}",
        "cli.menu.group": "{words} ({count} choices)",
        "cli.menu.card-group": "{card} … ({count} choices)",
        "cli.seat.names.count": "--names: {count} names given for {people} and {seats} seats",
        "cli.planet.fuel": "{count} Fuel",
        "cli.error": "[bold red]error:[/bold red] {message}",
        "cli.usage": "{problem} ({command} lists what it takes)",
        "cli.bug": (
            "liftoff stopped on an unexpected error, a bug: {problem} "
            "(please report it; LIFTOFF_TRACEBACK=1 shows where it happened)"
        ),
        "cli.stopped": "stopped",
        "cli.install": (
            "install the '{extra}' extra: uv run --extra {extra} liftoff …, "
            "or pip install 'liftoff[{extra}]'"
        ),
        "cli.needs-extra": "{what} needs the '{extra}' extra; {hint}",
        "cli.needs-extra.missing": (
            "{what} needs the '{extra}' extra ({missing} is missing); {hint}"
        ),
        "cli.no-folder": (
            "{flag} {path}: the folder {folder} does not exist (make it first, or choose another)"
        ),
        "cli.file-is-folder": "{flag} {path} is a folder: name a file in it",
        "cli.no-path": "{flag}{path} does not exist",
        "cli.player-count": "{game} takes {low}–{high} players, not {count}",
        "cli.simulate.players": "give --players: {game} takes {low}–{high} players",
        # play
        "cli.play.no-content": "{game} has no replaceable content",
        "cli.play.interrupted": "\n[yellow]Interrupted.[/yellow]",
        "cli.play.seed": "[dim]seed {seed}[/dim]",
        "cli.play.since": "[bold]Since your last turn:[/bold]",
        "cli.play.log": "[bold]Game log:[/bold]",
        "cli.play.log-empty": "[dim]nothing has happened yet[/dim]",
        "cli.play.bye": "bye",
        "cli.play.pass": "[bold]Pass the keyboard to {name}[/bold] and press Enter ",
        "cli.play.played": "[dim]{name} has played.[/dim]",
        "cli.play.saved": "saved to {path}",
        "cli.play.note": "[yellow]Note: {warning}[/yellow]",
        "cli.play.no-lang": "--lang {lang}: there is no such language (use {languages})",
        # replay
        "cli.replay.no-player": "there is no player {player} (1 to {last})",
        "cli.replay.unknown": "'{typed}' is not a replay command (Enter or n, b, g N, q).",
        "cli.replay.action": "[bold]action {number}/{count}:[/bold]",
        "cli.replay.start": "[bold]start[/bold] ({count} actions)",
        "cli.replay.prompt": "[dim]Enter/n next · b back · g N go to · q quit[/dim] ",
        # resume
        "cli.resume.other-game": "{path} is a saved game of {saved}, not {game}",
        "cli.resume.live": (
            "{title} is played live and cannot be resumed (watch it: liftoff replay {path})"
        ),
        "cli.resume.broken": "{path} cannot be resumed: {problem}",
        "cli.resume.seats": "{problem} (the saved game has {count} players)",
        "cli.resume.over": "[dim]{path}: this game is already over.[/dim]",
        "cli.resume.resumed": (
            "[dim]{title}: {count} players, resumed after {actions} actions; saving to {path}[/dim]"
        ),
        "cli.resume.fixed": "{flags}: a loaded game keeps the players, seed and options it had",
        "cli.hint.off": "[yellow]Hints are off at this table (start with --hints).[/yellow]",
        "cli.hint.thinking": "thinking…",
        "cli.play.thinking": "{name} is thinking…",
        "cli.hint.said": "Hint: {move}",
        "cli.hint.typed": 'Hint: {move} (type "{typed}")',
        "cli.quit.unsaved": "[yellow]This game is not saved.[/yellow]",
        "cli.quit.ask": "[bold]y[/bold] quit, [bold]s[/bold] save to {path} and quit, "
        "[bold]n[/bold] play on: ",
        "cli.quit.dropped": "bye (the game was not saved)",
        "cli.quit.back": "Back to the game.",
        # one decision
        "cli.turn.help": HELP,
        "cli.turn.prompt": "[bold]Your move[/bold] (number or text, Enter lists, ? help): ",
        "cli.turn.prompt.named": "[bold]{name}, your move[/bold] "
        "(number or text, Enter lists, ? help): ",
        "cli.turn.choose": "[bold]Choose 1-{count}[/bold] (back goes up, ? help): ",
        "cli.turn.choose.named": "[bold]{name}, choose 1-{count}[/bold] (back goes up, ? help): ",
        "cli.turn.choose-one": "[bold]Choose 1[/bold] (back goes up, ? help): ",
        "cli.turn.choose-one.named": "[bold]{name}, choose 1[/bold] (back goes up, ? help): ",
        "cli.turn.summary": "{summary}. [dim]Enter lists them.[/dim]",
        "cli.turn.top": "[yellow]You are at the top of the choices.[/yellow]",
        "cli.turn.no-legend": "There is no legend for this game.",
        "cli.turn.rule-words": "Write words or a rule's ID after it, "
        "e.g. rule moon or rule PL-MOVE-1.",
        "cli.turn.did-you-mean": "Did you mean {moves}?",
        "cli.turn.bad-number": "[red]choose a number from 1 to {count}[/red]",
        "cli.turn.not-listed": "[yellow]No choices are listed right now; here they are "
        "(type the number again):[/yellow]",
        "cli.turn.too-long": "[red]That line has {count} characters; no move or command is "
        "longer than {most}.[/red]",
        "cli.turn.end-move": "[bold]{move}?[/bold] ",
        "cli.turn.end-ask": "[bold]y[/bold] yes, end it; anything else keeps playing: ",
        "cli.rules.none": "No rule of {game} matches {query}; try other words.",
        "cli.rules.more": "More rules match: {command}",
        "cli.rules.more-words": "More rules match; add words.",
        # the menu
        "cli.menu.chosen": "{head} (chosen so far: {cards})",
        "cli.menu.finish": "that's all: {move}",
        "cli.menu.so": "{card}, so: {move}",
        "cli.menu.kinds.many": "{word} ({count})",
        # undo
        "cli.undo.none": "You have no move to take back yet.",
        "cli.undo.other": "{name} has played since your last move: it stands (ask them first).",
        "cli.undo.yours": "Nothing was taken back. {why}",
        "cli.undo.theirs-chance": "Nothing was taken back: {name}'s move since drew a card, "
        "rolled a die or showed something hidden (itself or through what it set off), "
        "so it stands.",
        # seats
        "cli.seat.bot": "{kind} {number}",
        "cli.seat.bot.random": "Random",
        "cli.seat.bot.heuristic": "Heuristic",
        "cli.seat.bot.ismcts": "Ismcts",
        "cli.seat.bot.beginner": "Beginner",
        "cli.seat.bot.easy": "Easy",
        "cli.seat.bot.medium": "Medium",
        "cli.seat.bot.hard": "Hard",
        "cli.seat.bot.expert": "Expert",
        "cli.seat.names.printable": "--names: every name must be some printable text",
        "cli.seat.names.long": "--names: {name} is longer than {max} characters",
        "cli.seat.names.same": "--names: two players would have the same name",
        # the end
        "cli.end.rest": "{result}; {rest}",
        "cli.end.score": "{name} {score}",
        "cli.end.points-from": "Points from",
        "cli.end.total": "Total",
        "cli.end.hidden": "What was hidden:",
        "cli.end.seat": "{name} — ",
        "cli.end.part": "{label}: {cards}",
        "cli.end.parts": "; ",
        "cli.end.pile": "{label} ({count}): {cards}",
        "cli.end.cards": "{count} {card}",
        "cli.end.more": "{cards}, …",
    }
)

register_plurals(
    {
        "cli.play.taken": (
            "[bold]Taken back ({count} move):[/bold]",
            "[bold]Taken back ({count} moves):[/bold]",
        ),
        "cli.menu.choices": ("{count} choice", "{count} choices"),
        "cli.live.steps": ("{count} more step", "{count} more steps"),
        "cli.menu.pick": ("(pick {count} card)", "(pick {count} cards)"),
        "cli.play.since.more": (
            "[bold]Since your last turn[/bold] [dim]({count} earlier line: log shows it)[/dim]",
            "[bold]Since your last turn[/bold] [dim]({count} earlier lines: log shows them)[/dim]",
        ),
        "cli.turn.end-others": (
            "You could still make {count} other move.",
            "You could still make {count} other moves.",
        ),
        "cli.seat.people": ("{count} person", "{count} people"),
    }
)

# -- the planet board ------------
register(
    {
        "cli.or": " or ",
        "cli.planet.phase.full": "Full",
        "cli.planet.phase.half": "Half",
        "cli.planet.phase.new": "New",
        "cli.planet.slot": "slot {slot}",
        "cli.planet.moon.star": "on the star",
        "cli.planet.moon.star.next": "the star",
        "cli.planet.moon.point": "over the {point}",
        "cli.planet.moon.point.next": "the {point}",
        "cli.planet.moon.exit": "over Exit {exit}",
        "cli.planet.moon.exit.next": "Exit {exit}",
        "cli.planet.moon.other": "on {spot}",
        "cli.planet.moon.other.next": "{spot}",
        "cli.planet.over": "Game over",
        "cli.planet.day": "Day {day} of {days}",
        "cli.planet.moon": " · Moon [bold]{place}[/bold]",
        "cli.planet.all": " · all {phase} this turn",
        "cli.planet.next": " (next: {place})",
        "cli.planet.pool": "its pool",
        "cli.planet.garglore": " · Garglore: {place}",
        "cli.planet.plus": " + ",
        "cli.planet.none": "none",
        "cli.planet.when.any": "in any phase",
        "cli.planet.when": "at {phases} Moon",
        "cli.planet.lifts": "lifts off {when} holding {need}; now {have}",
        "cli.planet.roll.at": "{phase} {n}+",
        "cli.planet.roll.fuel": "Fuel",
        "cli.planet.roll.screw": "Screw",
        "cli.planet.roll": "pay 1 {cost} and roll: lifts off on {n}+ rockets now ({table})",
        "cli.planet.lifts.instant": "lifts off as it boards: "
        "the boarding cost is the whole Lift Off",
        "cli.planet.lifts.teleport": "lifts off at New Moon if those aboard pay Fuel for every "
        "Alien aboard",
        "cli.planet.lifts.slingshot": "a second Alien boarding launches the one aboard",
        "cli.planet.lifts.miracle": "lifts off once every player still on the planet has an "
        "Alien aboard",
        "cli.planet.lifts.stargate": "the Stargate die decides, "
        "each time the Moon lands on the star",
        "cli.planet.board": "board: {cost}",
        "cli.planet.waiting": " waiting ",
        "cli.planet.blocked": "the Garglore is here: Aliens may board, but none lifts off",
        "cli.planet.exits": "Exit Points ",
        "cli.planet.exits.from": "  (out of the Core)",
        "cli.planet.no-cards": "no cards",
        "cli.planet.team": " (team {team})",
        "cli.planet.all-saved": "all saved ✓",
        "cli.planet.saved": "saved {saved}/{of}",
        "cli.planet.core": "Core {core}",
        "cli.planet.hand": "Your hand: ",
        "cli.planet.piles": "draw pile {draw} · discard {discard}",
        "cli.planet.teleport": "Teleport: {pledged} of {need} Fuel offered",
        "cli.planet.legend": "Reading the planet board",
        "cli.planet.legend.day.mark": "Day 2 of 8",
        "cli.planet.legend.day": "the planet explodes when the last day is over",
        "cli.planet.legend.moon.mark": "Moon over the X",
        "cli.planet.legend.moon": "X is at Full Moon, the point across at New",
        "cli.planet.legend.phase.mark": "○ Full ◐ Half ● New",
        "cli.planet.legend.phase": "a Lift Off Point's phase now",
        "cli.planet.legend.ring": "the ring, counter-clockwise from the top",
        "cli.planet.legend.aliens": "a player's Aliens: the first letter of the name",
        "cli.planet.legend.aboard": "aboard, in boarding order; · a free space",
        "cli.planet.legend.waiting.mark": "waiting AA",
        "cli.planet.legend.waiting": "Aliens beside a Lift Off Point, not aboard",
        "cli.planet.legend.board.mark": "board: …",
        "cli.planet.legend.board": "what boarding one Alien there costs now",
        "cli.planet.legend.row.mark": "second row",
        "cli.planet.legend.row": "how that point lifts off, what it has so far",
        "cli.planet.legend.exits.mark": "Exit Points",
        "cli.planet.legend.exits": "Aliens leave the Core through S0, S2, S4, S6",
        "cli.planet.legend.turn.mark": "◀ to play",
        "cli.planet.legend.turn": "whose turn, and the movement points left",
        "cli.planet.legend.cards": "Fuel, Screw, Wild (in typed actions)",
    }
)
register_plurals(
    {
        "cli.planet.screws": ("{count} Screw", "{count} Screws"),
        "cli.planet.to-play": ("◀ to play, {count} move left", "◀ to play, {count} moves left"),
        "cli.planet.cards": ("{count} card", "{count} cards"),
        "cli.agency.extra-launches": ("{count} extra launch", "{count} extra launches"),
        "cli.agency.bonus-launches": ("{count} bonus launch", "{count} bonus launches"),
        "cli.agency.extra-missions.n": ("+{count} mission", "+{count} missions"),
    }
)

# -- the agency board ------------
register(
    {
        "cli.agency.step.obj_draft": "objective draft",
        "cli.agency.step.direction": "choose the draft direction",
        "cli.agency.step.spec_draft": "specialist draft",
        "cli.agency.step.play": "play specialists",
        "cli.agency.step.mission": "draw missions",
        "cli.agency.step.launch": "launch rockets",
        "cli.agency.step.sell": "phase 2 setup: sell objectives",
        "cli.agency.step.over": "game over",
        "cli.agency.plus": " + ",
        "cli.agency.or-else": ", or ",
        "cli.agency.needs": "needs {tech}",
        "cli.agency.no-tech": "no technology needed",
        "cli.agency.tech": "{count} {colour}",
        "cli.agency.tech.red": "red",
        "cli.agency.tech.yellow": "yellow",
        "cli.agency.tech.blue": "blue",
        "cli.agency.tech.green": "green",
        "cli.agency.round": "Round {round}/{rounds}",
        "cli.agency.phase": " · phase {phase} · {step}",
        "cli.agency.to-act": " · to act: {players}",
        "cli.agency.first": "First player {player}",
        "cli.agency.passes": " · the draft passes {direction}",
        "cli.agency.way.left": "left",
        "cli.agency.way.right": "right",
        "cli.agency.supply": " · supply ",
        "cli.agency.deck": "Specialist deck {count}",
        "cli.agency.reconstruction": " · card lists are a reconstruction, not the printed cards",
        "cli.agency.level": "L{level}: {left} left, {needs}",
        "cli.agency.later": "L3, L4 in phase 2",
        "cli.agency.missions": "Missions ",
        "cli.agency.station": "Station ",
        "cli.agency.station.short": "Station",
        "cli.agency.col.vp": "VP",
        "cli.agency.col.money": "money",
        "cli.agency.col.income": "income",
        "cli.agency.col.cost": "cost",
        "cli.agency.col.cap": "cap",
        "cli.agency.col.lab": "lab",
        "cli.agency.col.tech": "tech",
        "cli.agency.col.station": "station",
        "cli.agency.col.hand": "hand",
        "cli.agency.boost": "capacity +{boosts} on a launch",
        "cli.agency.extra-missions": "+{count} mission",
        "cli.agency.extra-launch": "{count} extra launch",
        "cli.agency.bonus-launch": "{count} bonus launch",
        "cli.agency.discount": "launches {count} cheaper",
        "cli.agency.earth": "{missions} on Earth",
        "cli.agency.space": "{missions} in space",
        "cli.agency.earth.count": "{count} on Earth ({levels})",
        "cli.agency.space.count": "{count} in space ({levels})",
        "cli.agency.earth.n": "{count} on Earth",
        "cli.agency.space.n": "{count} in space",
        "cli.agency.played": "played {cards}",
        "cli.agency.this-round": "this round {extras}",
        "cli.agency.deciding": "deciding {what}",
        "cli.agency.whose": "{name}: ",
        "cli.agency.yours.specialists": "Your specialists",
        "cli.agency.kept": "Chosen to keep: {cards}",
        "cli.agency.yours.objectives": "Your objectives",
        "cli.agency.yours.drawn": "Missions you drew",
        "cli.agency.yours.earth": "Your missions on Earth",
        "cli.agency.your-cards": "your cards",
        "cli.agency.level.left": "L{level}: {left} left",
        "cli.agency.legend": "Reading the agency board",
        "cli.agency.legend.player": "a player (first letter of the name); ▶ may act now",
        "cli.agency.legend.cost.mark": "cost / cap",
        "cli.agency.legend.cost": "a launch's price in money / the weight a rocket carries",
        "cli.agency.legend.lab.mark": "lab",
        "cli.agency.legend.lab": "your lab level: the highest mission level you can launch",
        "cli.agency.legend.tech": "technology cards: red, yellow, blue, green",
        "cli.agency.legend.missions.mark": "Missions",
        "cli.agency.legend.missions": "deck sizes and the technology each level needs",
        "cli.agency.legend.space": "station space 4: 3 VP and a green card; · free, # neutral",
        "cli.agency.legend.income": "a station space that also gives +1 income",
        "cli.agency.legend.station.mark": "station",
        "cli.agency.legend.station": "a player's investments in the space station",
        "cli.agency.legend.cards.mark": "your cards",
        "cli.agency.legend.cards": "what your cards do; type their ids (keep S05)",
        "cli.agency.legend.weight.mark": "weight, VP",
        "cli.agency.legend.weight": "a mission's weight on a rocket and its points",
        "cli.agency.legend.end.mark": "⌛ / at the end",
        "cli.agency.legend.end": "a mission that scores when the game ends",
    }
)

# -- the race board, the live table ------------
register(
    {
        "cli.race.planet": "planet",
        "cli.race.vp": "{vp} VP",
        "cli.race.stack": "{stack} · top ",
        "cli.race.resolved": "resolved",
        "cli.race.over": "game over",
        "cli.race.resolving": "resolving",
        "cli.race.loading": "loading",
        "cli.race.round": "Round {round}/{rounds} · {phase}",
        "cli.race.short.tank": "Tank",
        "cli.race.short.settlers": "Settlers",
        "cli.race.short.security": "Security",
        "cli.race.short.solar": "Solar",
        "cli.race.short.liftoff": "Lift Off",
        "cli.race.short.theft": "Theft",
        "cli.race.short.terraform": "Terraforming",
        "cli.race.short.ore": "Ore",
        "cli.race.legend": "5VP T2 O3: 5 VP, needs 2 Terraforming, 3 ore · › next · "
        "t used up · - stolen",
        "cli.race.must-choose": "{name} must choose at planet {planet}: {options}",
        "cli.live.quits": "q quits.",
        # around the sign of the card on top of one's stack: "Ore Mining (O)"
        "cli.live.sign-open": " (",
        "cli.live.sign-close": ")",
        "cli.live.q": "q quits",
        "cli.live.your-choice": "Your choice: press the digit of an option.",
        "cli.live.too-late": "Too late to {action}: the table changed before your key arrived, "
        "so nothing was done.",
        "cli.live.refused": "Not allowed: {message} ({rule}).",
        "cli.live.planet": "planet {number}",
        "cli.live.do.place": "play your card at {planet}",
        "cli.live.do.under": "put your card under your stack",
        "cli.live.do.discard": "discard your card",
        "cli.live.do.choose": "make that choice",
        "cli.live.resolving-keys": "The round is being resolved: space = next step, s = skip.",
        "cli.live.wait": "Wait for Lift Off! The stacks are face-down until then.",
        "cli.live.countdown": "Lift Off in {seconds} s",
        "cli.live.resolving": "Resolving: space = next step now, s = skip to the standings",
        "cli.live.watching": "You are watching: q quits.",
        "cli.live.face-down": "Your stack is face-down until Lift Off! — no key acts yet.",
        "cli.live.top": "Your top card: ",
        "cli.live.in-stack": " · {count} in your stack",
        "cli.live.keys": "keys: 1-{count} play at your planet [n], u under, d discard, q quit",
        "cli.live.choice-at": "Your choice at {planet}: ",
        "cli.live.choosing": "{name} is choosing at {planet}…",
        "cli.live.leave-ask": "This game is not saved: press q (or Ctrl-C) again to quit and "
        "lose it; any other key plays on.",
        "cli.live.help": "Keys:",
        "cli.live.help.keys": (
            "1-9   play your top card at your planet [n]\n"
            "u d   put it under your stack, or discard it\n"
            "space, s   while a round is resolved: the next step, or skip to the standings\n"
            "q     quit (Ctrl-C too); ?  this help"
        ),
        "cli.live.help.order": "The order of a row: {rule}",
        "cli.live.nowhere": "It fits none of your planets now: {rule} Put it under (u) or "
        "discard it (d).",
        "cli.live.one-human": "the live terminal seats at most one human; the others must be bots",
        "cli.pace.rotated": "Seats rotated: everyone moved one seat to the left.",
        "cli.pace.three": "Three players: every pair of neighbours shares three planets.",
        "cli.pace.rotated.yours": "Seats rotated: everyone moved one seat to the left. "
        "Your planets this round:",
        "cli.pace.yours": "Your planets this round:",
        "cli.pace.with": "  with {name}: {planets}",
    }
)
