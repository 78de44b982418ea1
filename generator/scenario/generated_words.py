"""The words `playaid generate` writes into a new scenario file: titles, briefings, victory
conditions and the formations' names; Japanese for each is in the catalog under its code."""

from __future__ import annotations

from generator.core.messages import message

# Maschinen Krieger.
message("generated-mak-title", "Probe across {boards} ({seed})")
message(
    "generated-mak-briefing",
    "{date}. The {attacker} push onto {boards} from the {edge} edge; the {defender} hold it."
    " {turns} turns.",
)
message(
    "generated-mak-conditions",
    "At the end of turn {turns} each side computes its O.G.P.; the higher wins, and the"
    " {defender} win a tie.",
)
message("generated-board", "map board {number}")
message("generated-boards", "map boards {numbers} and {last}")
message("generated-date", "{month} {year}")
message("word:month-1", "January")
message("word:month-2", "February")
message("word:month-3", "March")
message("word:month-4", "April")
message("word:month-5", "May")
message("word:month-6", "June")
message("word:month-7", "July")
message("word:month-8", "August")
message("word:month-9", "September")
message("word:month-10", "October")
message("word:month-11", "November")
message("word:month-12", "December")

# Flashpoint: Central Front.
message("generated-fpcf-title", "Battle for the {map} map ({seed})")
message("generated-fpcf-title-surprise", "Surprise on the {map} map ({seed})")
message(
    "generated-fpcf-briefing",
    "A generated {kind} game of {turns} turns on the {map} map. Each formation is one of the"
    " original game's divisions or brigades of its nation, chosen by its player; it sets up or"
    " enters where that game places it.",
)
message("word:game-surprise", "surprise")
message("word:game-non-surprise", "non-surprise")
message("generated-fpcf-division", "{nation} division {letter}")
message("generated-fpcf-brigade", "{nation} brigade {letter}")
message("generated-fpcf-arrival-area", "where the original game brings the division on")
message(
    "generated-fpcf-conditions",
    "Each side scores 1 point for every enemy unit eliminated; the Warsaw Pact also scores"
    " 2 points for every unit of its own that leaves the map by the west edge (it does not"
    " return). At the end of turn {turns} the side with more points wins; NATO wins a tie.",
)
message("word:forces-us", "US")
message("word:forces-uk", "British")
message("word:forces-wg", "West German")
message("word:forces-fr", "French")
message("word:forces-be", "Belgian")
message("word:forces-nl", "Dutch")
message("word:forces-ca", "Canadian")
message("word:forces-su", "Soviet")
message("word:forces-eg", "East German")
message("word:forces-po", "Polish")
message("word:forces-cz", "Czechoslovak")

# A generated file that would not pass the checker is not given out.
message(
    "generate-not-clean",
    "the file `playaid generate {system} --seed {seed} --size {size}` made would not pass"
    " check --strict ({count} finding(s): {findings}), so nothing was written; try another"
    " --seed or --size, and report it if this happens without an overlay",
)
