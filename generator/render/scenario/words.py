"""The words a scenario card's view model puts together, registered in the Babel catalog.

Each is a diagnostic-style message (`message(code, english)`); its Japanese lives in
locales/ja/LC_MESSAGES/messages.po under the same code. Templates print their own labels with
`ui()`; these are the phrases built from a file's values (a code decoded, a place, a count).
"""

from __future__ import annotations

from generator.messages import message

# Lists and phrases joined: a list's items, and the phrases of one decoded code.
message("card-list", "{first}, {second}")
message("card-phrases", "{first}; {second}")
message("card-sentence", "{text}.")
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
message("card-mines-fixed", "set up by the scenario: {fields}; {left} left to record secretly")

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
message("card-march-column", "march column {number}: entry hex {hex}")
message("card-march-column-units", "march column {number}: entry hex {hex}, {units}")
message("card-drop", "{unit} drops on {where} on turn {turn}")
