"""The words of the server's refusals, as message ids (see :mod:`liftoff.engine.messages`).

Every :class:`~liftoff.server.errors.ApiError` code has an id ``api.error.<code>``
(its words when nothing more precise is known, without fields); a code with
several causes has one id per cause, ``api.error.<code>.<cause>``, with the
parameters that cause names. The English templates are the server's English
messages as they always were; :meth:`ApiError.words_in` renders them in the
reader's language.
"""

from __future__ import annotations

from liftoff.engine.messages import register

#: message id → English template (``{field}`` per parameter)
ERROR_WORDS: dict[str, str] = {
    # tables
    "api.error.no-table": "no such table",
    "api.error.cannot-rebuild": "this table cannot be resumed",
    "api.error.cannot-rebuild.why": "this table cannot be resumed: {why}",
    "api.error.full": "no open seat at this table",
    "api.error.full.server": "the server holds as many tables as it may",
    "api.error.elsewhere": "another server of the cluster plays this table",
    "api.error.elsewhere.holds": "another server of the cluster holds this table",
    "api.error.unreachable": ("the server that plays this table did not answer in time; try again"),
    "api.error.no-game": "there is no such game",
    "api.error.no-game.named": "there is no game called {game}",
    "api.error.bad-seats": "those seats do not fit this game",
    "api.error.bad-seats.count": "{players} players need {players} seats",
    "api.error.bad-seats.yours": "only one seat can be yours",
    "api.error.bad-seats.kind": "seat type {kind}: use you, open or bot",
    "api.error.bad-options": "those options cannot be used",
    "api.error.bad-options.option": "the option {option} cannot be set that way",
    "api.error.bad-options.players": "this game cannot be played by that many players",
    "api.error.bad-options.server": "option {name} is set by the server, not by a client",
    "api.error.bad-options.content": (
        "option {name}: choose one of the content sets this server offers: {allowed}"
    ),
    "api.error.bad-options.size": "too many or too long options",
    "api.error.not-over": "a rematch starts when the game is over",
    "api.error.taken": "that seat is taken",
    "api.error.taken.seat": "seat {seat} is taken",
    "api.error.taken.rematch": "seat {seat} of the rematch is taken (one seat per player: yours)",
    "api.error.seated": "you already have a seat at this table: one person plays one seat",
    "api.error.seated.as": (
        "you already have a seat at this table, as {name}: one person plays one seat"
    ),
    "api.error.left-seat": (
        "this seat was given up during the game: a bot plays it to the end, "
        "and only the player who left may take it back"
    ),
    "api.error.kept-seat": "this seat is kept for the player of the game before",
    "api.error.kept-seat.for": (
        "this seat is kept for {name}, who played it in the game before: "
        "the rematch starts when they take it"
    ),
    "api.error.quota": "you have too many unfinished tables: finish or leave some first",
    "api.error.quota.tables": (
        "you have {held} unfinished tables (at most {quota} per address): "
        "finish or leave some first"
    ),
    # seats and tokens
    "api.error.no-token": "this needs your seat token",
    "api.error.bad-token": "this token holds no seat at this table",
    "api.error.open": "the table is open",
    "api.error.playing": "the table is playing",
    "api.error.closed": "the table is closed",
    "api.error.over": "the game is over",
    "api.error.over.table": "the table is over",
    "api.error.lookalike-name": (
        "that name looks like another player's name at this table: choose one that looks different"
    ),
    "api.error.lookalike-name.named": (
        "the name {name} looks like {other}, another player's name at this table: "
        "choose a name that looks different"
    ),
    "api.error.bad-seat": "there is no such seat",
    "api.error.bad-seat.number": "there is no seat {seat}",
    "api.error.bad-speed": "that bot speed is not one there is",
    "api.error.bad-speed.named": "speed {speed}: use one of {speeds}",
    "api.error.bad-speed.race": "a race's bots keep the speed each was seated with",
    # out of time
    "api.error.bad-choice": "choose 'wait' or 'bot'",
    "api.error.bad-choice.end": "ending the game is a choice at tables played over days only",
    "api.error.own-seat": "you cannot choose for your own seat: play your move",
    "api.error.not-out-of-time": "that player is not out of time",
    "api.error.not-out-of-time.named": "{name} is not out of time",
    "api.error.not-your-seat": "you can only take back your own seat",
    "api.error.no-stand-in": "no bot is playing for you",
    # clocks
    "api.error.bad-clock": "that clock cannot be used",
    "api.error.bad-clock.both": "choose a clock preset or your own times, not both",
    "api.error.bad-clock.preset": "clock preset {preset}: use one of {presets}",
    "api.error.bad-clock.initial": "the time per player is between {low} and {high} seconds",
    "api.error.bad-race-pace": "that race pace cannot be used",
    "api.error.bad-race-pace.field": "a race's pace has reveal_pace and round_pause, not {field}",
    "api.error.bad-race-pace.reveal_pace": (
        "each revealed card is shown between {low} and {high} seconds"
    ),
    "api.error.bad-race-pace.round_pause": (
        "the pause before the next round is between {low} and {high} seconds"
    ),
    "api.error.bad-clock.increment": (
        "the extra time per turn is between {low} and {high} seconds"
    ),
    "api.error.bad-levels": "choose two or more bot levels",
    "api.error.no-person": "take a seat first: the server does not know you yet",
    "api.error.bad-email": "that is not an email address",
    "api.error.sign-in-limit": "too many sign-in links were asked for: wait an hour",
    "api.error.no-mail": "this server sends no mail",
    "api.error.no-mail.failed": "the mail could not be sent just now: try again later",
    "api.error.bad-link": "this sign-in link cannot be used: ask for a new one in this browser",
    "api.error.bad-link.unsubscribe": "this link cannot be used: turn mails off in My games",
    "api.error.no-account": "sign in first: this browser has no account",
    "api.error.not-your-seat.account": "you hold no seat at this table",
    "api.error.confirm-delete": "type your account's email to confirm that it goes for good",
    "api.error.on-vacation": "you are on vacation already",
    "api.error.bad-vacation": "that vacation is too long",
    "api.error.bad-vacation.left": "you have {left} days of vacation left this year",
    "api.error.day-clock-live": "a clock of days per move is for turn-based games",
    "api.error.day-clock-live.game": (
        "{game} is played live: a clock of days per move is for planet and agency"
    ),
    # actions
    "api.error.bad-version": "the action's version is not one this game had",
    "api.error.bad-version.missing": "say which version the action was chosen on ('version')",
    "api.error.bad-version.whole": "version must be a whole number",
    "api.error.bad-version.range": "version must be between 0 and {most}",
    "api.error.bad-version.unknown": (
        "version {version} is not one this game had (it is at {current})"
    ),
    "api.error.bad-id": "a message id is a number or a short text",
    "api.error.bad-id.long": "a message id has at most 64 characters",
    "api.error.not-started": "the game waits for players",
    "api.error.not-between-rounds": (
        "there is nothing to be ready for now: the next round is not waiting for you"
    ),
    "api.error.bad-action": "an action is a non-empty text",
    "api.error.bad-action.text": "action must be a text",
    "api.error.illegal": "that action is not legal now",
    "api.error.stale": "the game moved on before your move arrived",
    "api.error.storage": "the action could not be stored",
    "api.error.storage.why": "the action could not be stored ({why})",
    "api.error.lost": "the action did not arrive; try again",
    "api.error.no-undo": "there is nothing to take back",
    "api.error.no-undo.realtime": "a real-time game has no undo",
    "api.error.no-undo.not-yours": "you can only take back your own last action",
    # hints
    "api.error.hints-off": "hints are off at this table",
    "api.error.no-hints": "a real-time game has no hints",
    "api.error.not-your-turn": "it is not your turn: a hint waits until it is",
    "api.error.spectator": "spectators cannot act",
    "api.error.spectator.hint": "only a player may ask for a hint, for their own seat",
    "api.error.no-hint": "no hint could be found just now; try again",
    # chat
    "api.error.chat-text": "a chat message is a text",
    "api.error.chat-empty": "Write something before sending.",
    "api.error.chat-too-long": "That message is too long.",
    "api.error.chat-too-long.count": (
        "A message may be at most {most} characters; this one has {count}."
    ),
    "api.error.table-closed": "This table is closed; chat has ended.",
    "api.error.chat-rate": "You are sending messages too fast; wait a moment.",
    "api.error.chat-rate.count": (
        "You can send {count} messages every {seconds} seconds; "
        "wait a moment before sending another."
    ),
    "api.error.chat-gone": "That message is no longer kept; it cannot be reported.",
    # bots
    "api.error.bad-bot": "that bot cannot play here",
    "api.error.bad-bot.number": "bot {name}: {key} must be a number",
    "api.error.bot-bound": "that bot asks for more than this server allows",
    "api.error.bot-bound.value": (
        "bot {name}: {key}={value} is beyond this server's bound ({key} <= {ceiling})"
    ),
    "api.error.bot-bound.depth": (
        "bot {name}: depth=0 would search every move to the end of the game; "
        "choose a depth from 1 to {ceiling}"
    ),
    "api.error.bot-bound.rollout": (
        "bot {name}: this server allows these rollouts only: {allowed}"
    ),
    # records, rules, tutorials, the operator
    "api.error.in-play": "replays are for finished games",
    "api.error.in-play.record": "the record is published when the game is over",
    "api.error.broken-table": "this table's record cannot be replayed",
    "api.error.bad-query": "type a word or two to look for, e.g. moon",
    "api.error.bad-query.long": "a rules search is at most {most} characters; this one has {count}",
    "api.error.no-rule": "there is no such rule in this game",
    "api.error.no-rule.named": "no rule {rule} in {game}",
    "api.error.no-tutorial": "this game has no interactive first game",
    "api.error.no-tutorial.named": "{game} has no interactive first game",
    "api.error.bad-tutorial": "the first game cannot start",
    "api.error.bad-tutorial.why": "the first game of {game} cannot start: {why}",
    "api.error.no-admin": "the admin routes are off (no admin token set)",
    "api.error.not-admin": "this needs the operator's admin token",
    # the connection and the request
    "api.error.binary": "send JSON text frames, not binary ones",
    "api.error.bad-hello": 'start with {{"type": "hello", "token": …}}',
    "api.error.bad-message": "messages are JSON objects",
    "api.error.bad-message.type": "unknown message type {kind}",
    "api.error.bad-json": "not JSON",
    "api.error.rate-limited": "too many requests; slow down",
    "api.error.rate-limited.ws": "too many messages; slow down",
    "api.error.too-many-requests": "too many requests at once from your address",
    "api.error.too-large": "request body too large",
    "api.error.too-slow": "the request body came too slowly",
    "api.error.invalid": "invalid request",
    "api.error.http": "that request could not be answered",
    # engine-contract refusals (``API-…`` rules) in words: what a person reads
    "api.refusal.stale": "The game moved on before your move arrived; nothing was done.",
    "api.refusal.version": "Your page was out of date; nothing was done. Look again and choose.",
    "api.refusal.turn": "It is not your turn; nothing was done.",
    "api.refusal.over": "The game is over; nothing was done.",
    "api.refusal.player": "That seat is not in this game; nothing was done.",
}

register(ERROR_WORDS)
