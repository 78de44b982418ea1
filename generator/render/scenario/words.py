"""The words a scenario card's view model puts together, registered in the Babel catalog.

Each is a diagnostic-style message (`message(code, english)`); its Japanese lives in
locales/ja/LC_MESSAGES/messages.po under the same code. Templates print their own labels with
`ui()`; these are the phrases built from a file's values (a code decoded, a place, a count).
"""

from __future__ import annotations

from generator.core.messages import message

# Lists and phrases joined: a list's items, and the phrases of one decoded code.
message("card-list", "{first}, {second}")
message("card-phrases", "{first}; {second}")
message("card-sentence", "{text}.")
# Phrases joined into one line (card-phrases), closed as the language closes such a line: the
# Japanese joins them with 。 and so ends the last with one; the English leaves it open.
message("card-phrases-closed", "{text}")
message("card-boards-one", "board {boards}")
message("card-boards-many", "boards {boards}")
message("card-board-numbers", "{first} and {second}")

# A unit code, decoded briefly (the long decoding is `check --explain`'s).
message("card-code-one", "1 unit")
message("card-code-many", "{count} units")
message("card-code-primary", "No. {pilot} primary commander")
message("card-code-secondary", "No. {pilot} secondary commander")
message("card-code-sole", "No. {pilot} sole commander")
message("card-code-pilot", "No. {pilot} in one of them")
message("card-code-pilot-one", "No. {pilot} pilots it")
message("card-code-controller", "No. {pilot} controls the unmanned unit")
# A normally unmanned unit (the Nutrocker [16.1]): manned where PC marks it [16.1.1].
message("card-code-manned", "manned: No. {pilot} controls it (PC) [16.1.1]")
message(
    "card-code-manned-one",
    "one of them manned: No. {pilot} controls it (PC) [16.1.1]; the others unmanned",
)
message("card-unmanned", "unmanned")

# A deployment code, decoded briefly.
message("card-deploy-turn-edge", "turn {turn}: {boards}, {edge} edge")
message(
    "card-deploy-turn-edge-hex",
    "turn {turn}: {boards}, {edge} edge, from {hex} {direction}ward",
)
message("card-deploy-edge", "{boards}, {edge} edge, on a turn the player chooses")
message(
    "card-deploy-edge-hex",
    "{boards}, {edge} edge, from {hex} {direction}ward, on a turn the player chooses",
)
message("card-deploy-turn", "turn {turn}: anywhere on {boards}")
message("card-deploy-setup", "sets up on {boards}")
message("card-setup", "sets up at {hexes}")
message(
    "card-player-choice",
    "sets up or comes on where and when its player chooses (Understanding the Scenarios, d)",
)
message("card-carries", "carries {what} [13.1]")
message("card-aboard", "aboard the {what} [13.1]")
message("card-rounds", "{rounds} rounds [11.2.4]")
message("card-equipment", "equipment: {what} [11.4]")

# Off-board artillery, decoded briefly.
message(
    "card-artillery",
    "Type {type}, {distance} hexes {edge} of board {board}: {total} rounds, at most {per_turn} a turn",
)

message("card-artillery-vp", "{vp} VP a round fired (O.G.P. ②)")

# Land mines [19.1].
message("card-mines", "attack value {budget} to distribute, 5 to 13 a hex [19.1.1]")
message("card-mines-set", "set up by the scenario: {fields}")
message("card-mines-open", "set up by the scenario, known to both players: {fields}")
message(
    "card-mines-secret",
    "{attack} of it set up by the scenario in secret, on this side's Minefield Record Sheet only",
)
message("card-mines-rest", "{left} left to record secretly")
message("card-mines-rest-zone", "the remaining {left} are recorded secretly on {where}")
message("card-mines-zone", "recorded secretly on {where}")
message("card-mines-zone-where", "{boards}, {note}")

# Where ① of O.G.P. takes each unit's victory points from.
message(
    "card-unit-values-counter",
    "① counts each unit at the victory points printed on its token, a pilot at its value under"
    " [18.2.5].",
)
message(
    "card-unit-values-list",
    "① counts each unit at the victory points this scenario gives ({values}), a pilot at its value"
    " under [18.2.5].",
)
message("card-unit-value", "{unit} {vp}")

# A pilot's ability modifiers, in the order the card prints them.
message("card-modifier-order", "{attack} / {defense} / {dogfight}")

# The turn record track's rows of boxes.
message("card-record-rounds", "{side}: rounds fired ({total} in all)")
message("card-record-air", "Air superiority (start: {level})")

# Equipment markers [11.4].
message("word:equipment-bomb", "bomb")
message("word:equipment-missile", "missile")
message("word:equipment-laser", "laser")

# The drawing: what its text alternative says, and the lists beside it.
message("card-drawing-boards", "Map boards")
message("card-drawing-maps", "Maps")
message("card-drawing-sheets", "{what} (north up; rows from north to south): {rows}")
message("card-drawing-entry", "{side} enters {where}, turn {turn}")
message("card-drawing-entry-any", "{side} enters {where}, on a turn the player chooses")
message("card-drawing-setup", "{side} sets up on {sheet}")
# Each side's mark on the drawing's arrows, in its key and on the turn record track, so that the
# sides differ in grey; an arrow's label, its mark and a limited zone (S ▽0105).
message("word:side-mark-strahl", "S")
message("word:side-mark-mercenary", "M")
message("word:side-mark-nato", "NATO")
message("word:side-mark-wp", "WP")
message("card-drawing-arrow-zone", "{mark} {zone}")
message("card-where-edge", "{sheet}, {edge} edge")
message("card-where-edge-hex", "{sheet}, {edge} edge, from {hex} {direction}ward")
message("card-spot-entry", "entry, turn {turn}: {what}")
message("card-spot-entry-any", "entry: {what}")
message("card-spot-drop", "drop, turn {turn}: {what}")
message("card-spot-mine", "mine, attack {attack} ({side})")
message("card-spot-position", "defensive position {rating}")
message("card-spot-depot", "depot")
message("card-spot-objective", "objective")
message("card-spot-owned", "{what} ({side})")
message("card-column-of", "{formation}, march column {number}")

# A Flashpoint formation's arrival, march columns and drops.
message("card-arrives", "arrives on turn {turn}")
message("card-arrives-area", "arrives on turn {turn}: {area}")
message("card-march-column", "march column {number}: {what}")
message("card-entry-hex", "entry hex {hex}")
message("card-entry-pick", "the player picks each column's entry hex at the start of the turn")
message("card-march-order", "units in the original game's March Order")
message("card-drop", "{unit} drops on {where} on turn {turn}")

# What a card answers at the table: set-up order, outcomes left by the conditions (issue 29).
message("card-setup-first", "{side} (in view)")
message("card-setup-first-hidden", "{side} (each side hidden until play begins)")
message("card-victory-otherwise", "Any other result, a tie included, is a victory for {side}.")
message("card-victory-draw", "Any other result, a tie included, is a draw.")
message("card-victory-otherwise-any", "Any other result is a victory for {side}.")
message("card-victory-draw-any", "Any other result is a draw.")
message("card-victory-hqs-count", "HQs count as units.")
message("card-victory-hqs-not", "HQs do not count as units.")
message("card-setup-except", "Units this card places set up where it says.")
message("card-setup-all", "This card places or brings on every unit in play, where it says.")
message("card-strike-from", "{nation} from turn {turn}")
message("card-strike-never", "{nation} never")
message(
    "card-strike-reroll",
    "A nation roll naming a nation that is not rolling is rolled again (playaid's reading).",
)
message(
    "card-superiority-reading",
    "A drop needs its side's Air Superiority: WP level 1–3 on the track, the Warsaw Pact has it;"
    " NATO level 1–3, NATO; Neutral, neither (the Detection Table's columns; playaid's reading).",
)
message(
    "card-drop-timing",
    "A drop lands at the start of one of its side's activations, before any unit moves or enters"
    " in it ([15.11]; the conversion lands drops within an activation: playaid's reading).",
)
message("card-in-play-only", "Only the units this card names, none from an original game.")
message("card-in-play-listed", "Only the formations this card lists.")
message(
    "card-in-play-original",
    "The original game's whole set-up and order of battle, the formations this card lists as it"
    " says.",
)
message(
    "card-in-play-parts",
    "Of the original game's forces only {parts}, and the formations this card lists.",
)
message(
    "card-drop-fallback-hex",
    "{unit} drops on {where} on turn {turn}; where [15.2] bars that hex then, on {fallback}",
)
message(
    "card-drop-fallback-area",
    "{unit} drops on {where} on turn {turn}; where [15.2] bars that hex then, on a hex its player"
    " chooses: {area}",
)
message("card-original-game", "{games} (Central Front series)")
message("card-arrives-oob", "with the units of the original game's order of battle")
message("card-arrives-units", "with {units}")
message("card-two-sentences", "{first} {second}")
