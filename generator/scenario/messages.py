"""The scenario stage's messages: findings, the words that fill them, and decoded codes.

Japanese for each is in locales/ja/LC_MESSAGES/messages.po under the same code.
"""

from __future__ import annotations

from generator.core.messages import message, plural

# Reading files.
message("not-a-scenario", "a scenario file is a mapping with `kind: scenario`")
message("scenario-system", "'{system}' is not a system with scenarios; systems: {choices}")
message("scenario-id-system", "the id '{id}' must start with the system, '{system}.'")
message("scenario-id-twice", "the scenario id '{id}' is already used in {other}")
message(
    "scenario-date-range",
    "{date} is not a date a scenario card can print: dates run from {first} to {last}; there is no"
    " year 0000",
)
message(
    "unknown-option",
    "'{option}' is not an optional or special rule of {system}; choices: {choices}",
)
message(
    "hex-not-quoted",
    'write the hex number in quotes, as "{value:04d}": YAML reads a number such as 0105 as 69',
)
message(
    "hex-malformed",
    "'{value}' is not a hex number: four digits, column then row (XXYY), each from 01, such as 1801",
)
message(
    "set-up-order-missing",
    "the file does not say which side sets up first: set `set_up.first` (and `set_up.hidden`)",
)
message(
    "victory-undecided",
    "the victory conditions can leave the game without a winner (a tie, or neither side's"
    " condition met): set `victory.otherwise`, the side that then wins or `draw`",
)
message(
    "victory-conditions-missing",
    "the required key 'conditions' is missing: write `victory.conditions`, how the game is won in"
    " words, in English and Japanese (who wins, by what, at the end of which turn); a Ma.K game"
    " usually compares O.G.P. (`victory.ogp: true`, Computing Operational Goal Points)",
)
message(
    "explain:victory-conditions-missing",
    "A scenario says how it is won under `victory.conditions`, a text with `en`, `ja` and `tr`"
    " like the title. For example: `conditions: {{en: The Mercenary Troops win if they hold hex"
    " 1003 of board 7 at the end of turn 10., ja: …, tr: ja}}`, then `playaid stamp FILE`. Add"
    " `victory.otherwise` for the side that wins any other result. In Ma.K, O.G.P. (`victory.ogp:"
    " true`) counts ① enemy units destroyed, ③ the scenario's points, less ② artillery used.",
)
message("turn-after-end", "{what} on turn {turn}, after the last turn of the game ({turns})")

# The scenario card's size budget (generator/scenario/budget.py).
message(
    "card-budget",
    "{count} {what}: a scenario card holds at most {most} (docs/scenarios.md, “The card's size budget”)",
)
message(
    "card-budget-text",
    "the {language} is {length} half-width characters wide, a full-width one or a symbol set full width (■, ※, ①) counting two and a wide letter (W) as wide as the font sets it: a scenario card prints at most {most} here (docs/scenarios.md, “The card's size budget”)",
)
message(
    "card-budget-plain",
    "this text is {length} half-width characters wide, a full-width one or a symbol set full width (■, ※, ①) counting two and a wide letter (W) as wide as the font sets it: a scenario card prints at most {most} here (docs/scenarios.md, “The card's size budget”)",
)
message("word:budget-turns", "turns")
message(
    "word:budget-rules",
    "rules in use (the options named, the units' special rules, the victory rules)",
)
message("word:budget-unit-lines", "unit lines on one side")
message("word:budget-pilots", "pilots on one side")
message("word:budget-batteries", "off-board artillery entries on one side")
message("word:budget-mine-fields", "mine fields on one side")
message("word:budget-setup-hexes", "set-up hexes on one line")
message("word:budget-markers", "markers")
message("word:budget-points", "scenario victory point entries")
message("word:budget-layout-rows", "rows of boards or maps")
message("word:budget-layout-columns", "boards or maps in one row")
message("word:budget-maps", "maps")
message("word:budget-formations", "formations on one side")
message("word:budget-formation-units", "set-up units in one formation")
message("word:budget-drops", "drops of one formation")
message("word:budget-all-drops", "airborne drops in all")
message("word:budget-column-units", "units in one march column")
message("word:budget-options", "optional and special rules named")
message("word:budget-equipment", "equipment markers on one line")
message("word:budget-columns", "march columns of one formation")
message("word:budget-nations", "nations")
message("word:budget-strike-nations", "nations that roll for air strikes")
message("word:budget-parts", "parts of the original game named in `original_parts`")
message("word:budget-activation", "formations in the pre-GT1 activation")

# Ma.K: codes and boards.
message(
    "mak-code-unreadable",
    "'{written}' does not read as {what}: at character {at} the rulebook's notation has {expected}, not '{found}'",
)
message("mak-board-number", "there is no map board {board}: the boards are numbered 1 to 7 [2.1]")
message("mak-board-twice", "board {board} lies twice in the layout [2.1]")
message("mak-board-not-used", "board {board} is not in the scenario's layout (boards {boards})")
message("mak-unknown-unit", "there is no unit '{unit}' in the unit catalogue; units: {choices}")
plural(
    "mak-count-pilots",
    "the code puts {pilots} pilots into {count} unit; a unit has one pilot [18.1.3]",
    "the code puts {pilots} pilots into {count} units; a unit has one pilot [18.1.3]",
)

message(
    "mak-zone-hex-edge",
    "hex {hex} cannot be on the {edge} edge: {reason}; an entry zone is a hex on the edge the code names and the hexes from it along that edge",
)
message(
    "mak-zone-hex-unknown",
    "could not check that hex {hex} is on the {edge} edge: that edge is the last {line} of board {board}, and the board's grid is not known (supply it with --overlay)",
)
message(
    "mak-zone-direction",
    "the entry zone runs {direction} from hex {hex}, across the {edge} edge: along a north or south edge it runs ▷ (east) or ◁ (west), along a west or east edge ▽ (south) or △ (north)",
)

# Ma.K: pilots and commanders.
# A pilot the file creates, named as the pilot chart names one (the Japanese puts the rank after
# the name, as a title: Heinz Hargen伍長).
message("word:pilot-name-rank", "{name}, {rank}")
message(
    "mak-pilot-unknown",
    "pilot No. {number} is not on the {side} pilot chart (No. 1 to No. {last}) and the file does not create it [18.3]",
)
message("mak-pilot-twice", "pilot No. {number} is assigned twice: also at {other} [18.1.3]")
message("mak-leader-rank", "Ld takes 1 (primary commander) or 2 (secondary commander), not {rank}")
message(
    "mak-leader-twice",
    "the {side} side has two {which} commanders, pilot No. {first} and pilot No. {second}",
)
message(
    "mak-secondary-alone",
    "pilot No. {pilot} is the secondary commander (Ld 2), but the {side} side has no primary commander (Ld 1)",
)
message(
    "mak-sole-and-secondary",
    "pilot No. {pilot} is the only commander (Ld without 1 or 2), but the {side} side also has a secondary commander",
)
message(
    "mak-pilot-details-unused", "pilot No. {number} is described here but no unit code assigns it"
)
message(
    "mak-created-pilot-option",
    "pilot No. {number} is created under [18.3], an optional rule this scenario does not use; add pilot-creation to optional_rules",
)
message(
    "mak-created-pilot-on-chart",
    "pilot No. {number} is on the {side} pilot chart; a created pilot takes a number the chart does not use [18.3]",
)
message(
    "mak-created-pilot-incomplete",
    "a created pilot needs a name, a rank and its three ability modifiers [18.3.1]",
)
message("mak-pilot-rank", "'{rank}' is not a rank of the rank chart; ranks: {choices}")
message(
    "mak-created-pilot-range",
    "a recruited pilot's {ability} modifier is one the chart of [18.3.1] gives ({values}), not {value}",
)
message(
    "mak-ability-limit",
    "no ability modifier may exceed 4 [18.3.3]; pilot No. {number} has {ability} {value}",
)

# Ma.K: unmanned units.
message(
    "mak-pc-without-unmanned",
    "PC on the {unit}, which is not unmanned, needs an unmanned unit of its side to guide, and the {side} side has none [16.1.1]",
)
message(
    "mak-pc-unknown",
    "could not check PC on the {unit}: the rulebook does not say whether it is unmanned, nor of any unit of its side [16.1]",
)

# Ma.K: stacking.
message(
    "mak-stack-limit",
    "the {layer} units the {side} side sets up in board {board} hex {hex} ({units}) come to {points} stack points; the limit is {limit} [8.2]",
)
message("word:stack-member", "{unit} ×{count} at {points} each")
message("word:stack-member-unknown", "{unit} ×{count}, stack points not printed")
message(
    "mak-stack-unknown",
    "could not count the stacking in board {board} hex {hex}: the rulebook prints no type for {units} [8.1]",
)
message(
    "mak-neuspotter-pair",
    "two NeuSpotters set up in board {board} hex {hex} without a Type II unit [8.2.3]",
)
message(
    "mak-neuspotter-unknown",
    "could not check the two NeuSpotters in board {board} hex {hex}: the rulebook prints no type for {units} [8.2.3]",
)

# Ma.K: transport.
message("mak-aboard-unknown", "there is no line with the id '{aboard}' on this side to be aboard")
message(
    "mak-aboard-ring",
    "the {unit} is aboard '{aboard}', and what each line is aboard leads back here ({ring}): units aboard one another in a ring never come on the board; give one of them its own deploy or setup instead of aboard [13.1]",
)
message(
    "mak-aboard-position",
    "units aboard a vehicle come on with it: give deploy and setup on the vehicle's line, not here [13.1.2]",
)
message(
    "mak-carrier-not-vehicle", "the {carrier} is not a vehicle and cannot transport units [13.1.1]"
)
message(
    "mak-carrier-unknown",
    "could not check the transport: the rulebook does not say whether the {carrier} is a vehicle [13.1.1]",
)
message(
    "mak-cargo-kind",
    "the {carrier} transports only {cargo}; the {unit} is not one [13.1.1], [13.1.5]",
)
message(
    "mak-cargo-unknown",
    "could not check whether the {carrier} may transport the {unit}: the rulebook prints no type for it [13.1.1]",
)
message(
    "mak-stack-unknown-cargo",
    "could not check the load: the rulebook prints no stack points for the {unit} [13.1.5]",
)
message(
    "mak-transport-capacity",
    "{count} × {carrier} carry {capacity} stack points each, but the units aboard need {needed} in all that fit them [13.1.5]",
)

# Ma.K: weapons and equipment.
message(
    "mak-rounds-limit", "the {unit} carries at most {limit} {weapon} rounds [11.2.4], not {rounds}"
)
message(
    "mak-rounds-unknown",
    "could not check the rounds of the {unit}: the rulebook prints no round count for it [11.2.4]",
)
message(
    "mak-equipment-not-aeronautical",
    "the {unit} is not an aeronautical unit; only aeronautical units carry equipment [11.4]",
)
message(
    "mak-equipment-unknown",
    "could not check the equipment of the {unit}: the rulebook does not say whether it is an aeronautical unit [11.4]",
)

# Ma.K: mines, artillery, markers.
message(
    "mak-mine-attack",
    "a minefield set up at attack {attack}; each hex takes an attack value of 5 to 13 [19.1.1]",
)
message(
    "mak-mine-budget",
    "the minefields set up come to attack {total}, more than the side's {budget} [19.1]",
)
message(
    "mak-mines-fixed-missing",
    "the file fixes minefields but does not say whether the other side knows them: set `fixed` to"
    " `open` (printed on the card for both players) or `secret` (on the side's Minefield Record"
    " Sheet only) [19.1.1]",
)
message(
    "mak-mines-zone-missing",
    "attack value {left} is left to record secretly, and the file does not say where it may lie:"
    " give `zone` with its boards [19.1.1]",
)
message(
    "mak-mine-outside-zone",
    "the minefield on board {board} lies outside the side's mine zone (boards {boards}) [19.1.1]",
)
message(
    "mak-artillery-per-turn",
    "the artillery may fire {per_turn} rounds a turn but has only {total} in all",
)
message(
    "mak-position-rating",
    "a defensive position is rated −1 or −2, as its markers print, not {rating} [12.3]",
)
message("mak-rating-not-position", "only a defensive position has a rating")

# Ma.K: victory.
message(
    "mak-amu-date",
    "AMUs score only in scenarios after December 2884 [16.2.2]; this one is dated {date}",
)
message(
    "mak-amu-no-neuspotter", "AMUs score, but no NeuSpotter takes part, so none can drop [16.2.1]"
)
message(
    "mak-unit-values-missing",
    "O.G.P. counts the victory points of enemy units (①), and the file does not say where they come"
    " from: set `unit_values` to `counter` (the value printed on each unit's token) or to a list"
    " of `unit` and `vp`",
)
message(
    "mak-unit-value-unlisted",
    "the {unit} plays in this scenario, and `unit_values` gives it no victory points for ① of O.G.P.",
)
message("mak-unit-value-twice", "the {unit} is given victory points twice: also at {other}")
message(
    "mak-points-without-ogp",
    "scenario points (③) count only in O.G.P., which this scenario does not use",
)
message(
    "mak-artillery-vp-without-ogp",
    "victory points a round fired (②) count only in O.G.P., which this scenario does not use:"
    " leave out `vp_per_round`, or set `victory.ogp: true`",
)
message(
    "mak-concealment-in-view",
    "Concealment is in use but the sides set up in view of each other, so each sees which"
    " stack goes under which marker: set `set_up.hidden: true`",
)

# Flashpoint: Central Front.
message("fpcf-map-unknown", "there is no map '{map}'; maps: {choices}")
message("fpcf-map-group", "the map {map} is one of the {group} maps, not the {map_group} maps")
message("fpcf-map-not-used", "the map {map} is not among the scenario's maps ({maps})")
message("fpcf-nation-unknown", "'{nation}' is not a nation; nations: {choices}")
message("fpcf-nation-not-listed", "{nation} is not among the scenario's nations ({nations})")
message(
    "fpcf-nation-without-formation", "{nation} is listed among the nations but has no formation"
)
message("fpcf-formation-twice", "the formation id '{id}' is used twice")
message(
    "fpcf-start-level",
    "every scenario starts at WP level 3 (Air Strike Availability Chart), not {level}",
)
message("fpcf-level-unknown", "'{level}' is not an air superiority level; levels: {choices}")
message(
    "fpcf-strike-nation-absent",
    "{nation} rolls for air strikes but has no land units in the scenario; a nation rolls only when its land units are on the board",
)
message(
    "fpcf-hq-distance",
    "the HQ of {formation} sets up {distance} hexes from the nearest unit of its division; it must set up within 2 (Set-up)",
)
message(
    "fpcf-hq-no-units",
    "the HQ of {formation} sets up, but none of the division's units is placed to measure from",
)
message(
    "fpcf-hq-original-setup",
    "the HQ of {formation} sets up within 2 hexes of one of its units, which the original game"
    " sets up: the file does not say where they stand, so the distance is not checked",
)
message(
    "fpcf-original-setup-twice",
    "{formation} sets up as the original game places it (original_setup) and also {what}:"
    " give one or the other",
)
message("word:what-lists-units", "lists units of its own")
message("word:what-arrives", "arrives as reinforcements")
message(
    "fpcf-distance-unknown",
    "could not measure {what}: on map {map} the distance depends on the grid's parity, which the map definition does not give (supply it with --overlay)",
)
message("fpcf-distance-maps", "could not measure {what}: the hexes are on different maps ({maps})")
message(
    "fpcf-morale-chart",
    "{formation} starts at {morale}, but the Starting Morale chart gives {expected}; say why in morale_note",
)
message("fpcf-morale-unknown", "'{morale}' is not a troop quality; qualities: {choices}")
message(
    "fpcf-morale-row",
    "'{row}' is not a row of the Starting Morale chart for {nation}; rows: {choices}",
)
message(
    "fpcf-drop-terrain",
    "the drop hex {hex} is {terrain}: airborne units do not drop into City or Rough hexes [15.2]",
)
message(
    "fpcf-drop-terrain-unknown",
    "could not check the terrain of the drop hex {hex}: the definition of map {map} does not list it",
)
message("fpcf-drop-enemy", "the drop hex {hex} is occupied by the enemy {unit} [15.2]")
message(
    "fpcf-drop-zoc",
    "the drop hex {hex} is next to the enemy {unit}, in its zone of control [15.2] (read as the six hexes around a unit)",
)
message("fpcf-drop-friendly", "the drop hex {hex} is occupied by the friendly {unit} [15.2]")
message("fpcf-drop-twice", "the {unit} already dropped into hex {hex} [15.2]")
message(
    "fpcf-columns-missing",
    "{formation}, a Warsaw Pact division, arrives without its march columns: give `arrives.columns`,"
    " two columns in march order [17.2]",
)
message(
    "fpcf-arrival-units-missing",
    "{formation} arrives, but the file does not say with which units: list them (`arrives.units`)"
    " or set `arrives.original_oob: true` (the original game's order of battle)",
)
message(
    "fpcf-forces-open",
    "the file does not say which forces are in play: set `forces_in_play` to `listed` (only the"
    " formations this file lists), `original-game` (the original game's whole set-up and order of"
    " battle) or `parts` (named parts of the original game's forces, listed in"
    " `original_parts`)",
)
message(
    "fpcf-parts-missing",
    "`forces_in_play: parts` needs `original_parts`: the parts of the original game's forces in"
    " play, in words",
)
message(
    "fpcf-parts-unused",
    "`original_parts` counts only with `forces_in_play: parts`: set that, or leave the parts out",
)
message(
    "fpcf-arrival-twice",
    "{formation} arrives with the units `arrives.units` lists and also {what}: give one or the"
    " other",
)
message("word:what-columns-too", "in march columns (`columns`)")
message("word:what-oob", "with the original game's order of battle (`original_oob`)")
message(
    "fpcf-arrival-area-missing",
    "{formation} arrives with no entry area: give `arrives.area` (which map edge, which hexes),"
    " or an entry hex for each march column",
)
message(
    "fpcf-drop-reachable",
    "{unit} can bar the drop into {hex} before play: NATO's {points} pre-game Ops points reach"
    " {reach} hexes at the cheapest rate of the terrain movement chart, counting one for a zone"
    " of control, and [15.2] forbids a drop into or next to an enemy unit; give"
    " `fallback` (another `hex`, or an `area` the player chooses in)",
)
message(
    "fpcf-morale-missing",
    "{formation} has no starting morale, and the Starting Morale chart gives none for a {echelon}"
    " of its nation: give `morale`",
)
message(
    "fpcf-morale-drop",
    "{formation} drops, and the Air Drop Table's result is a loss of morale levels: give its `morale`",
)
message(
    "fpcf-victory-hqs",
    "the victory conditions count units but do not say whether HQs count: set `victory.hqs_count`",
)
plural(
    "fpcf-columns-count",
    "{formation} enters in {count} march column; the Warsaw Pact enters in two [17.2]",
    "{formation} enters in {count} march columns; the Warsaw Pact enters in two [17.2]",
)
message(
    "fpcf-columns-nato",
    "{formation} is not Warsaw Pact: march columns are the Warsaw Pact march order [17.2], and NATO reinforcements enter without them",
)
message(
    "fpcf-columns-apart",
    "the entry hexes of {formation}'s march columns are {distance} hexes apart; they must lie within 8 hexes counting both, at most 7 apart [17.21]",
)
message(
    "fpcf-brigade-unattached",
    "the West German brigade {formation} names no division it is attached to (attached_to), so the overall HQ in the game activates it, or it is activated like an independent unit; name its division if the scenario attaches it to one",
)
message(
    "fpcf-brigade-division-enemy",
    "{formation} is attached to '{division}', a Warsaw Pact division; a West German brigade is attached to a NATO division",
)
message(
    "fpcf-attached-not-wg-brigade",
    "{formation} is not a West German brigade; attached_to is only for West German brigades, the rule does not attach other formations",
)
message(
    "fpcf-brigade-division-absent",
    "{formation} is attached to '{division}', which is not a division in this scenario",
)
message(
    "fpcf-nato-ops",
    "a non-surprise scenario lets NATO move up to 4 Ops points before the game, not {points}",
)
message(
    "fpcf-surprise-ops",
    "pre-game Ops points belong to non-surprise scenarios; a surprise scenario has the Warsaw Pact's pre-GT1 activation instead",
)
message(
    "fpcf-surprise-activation",
    "a surprise scenario lists the Warsaw Pact formations of the pre-GT1 activation (pre_game.activation)",
)
message("fpcf-activation-not-surprise", "only a surprise scenario has a pre-GT1 activation")
message(
    "fpcf-activation-unknown",
    "'{formation}' is not a Warsaw Pact formation of this scenario; only Warsaw Pact formations act in the pre-GT1 activation",
)
message(
    "fpcf-activation-missing",
    "{formation} enters on game turn 1 but is not in the pre-GT1 activation; every Warsaw Pact formation that enters on GT1 takes part in it (the seed's English says all units that enter on GT1, its Japanese all Soviet units; playaid follows the English)",
)
message(
    "fpcf-activation-not-gt1",
    "{formation} is in the pre-GT1 activation but does not enter on game turn 1",
)

message("listed-twice", "'{value}' is listed twice; it is already at {first}")

message(
    "fpcf-layout-map-not-used",
    "map {map} is in map_layout but not in maps ({maps}); lay out only the maps in play",
)
message("fpcf-layout-map-twice", "map {map} lies twice in map_layout")
message("fpcf-layout-map-missing", "map {map} is in play but map_layout does not place it")

message(
    "mak-pilot-twice-in-code",
    "pilot No. {number} is named twice in '{written}'; a pilot is assigned to one unit [18.1.3]",
)

message(
    "mak-mine-hex-total",
    "board {board} hex {hex} holds mines of attack {attacks} = {total}; a hex takes 5 to 13 [19.1.1]",
)
message(
    "mak-position-no-rating",
    "a defensive position needs its rating, −1 or −2, as its marker prints [12.3]",
)

message(
    "mak-line-id-twice", "the id '{id}' names another line too ({other}); give each line its own"
)
message(
    "mak-setup-count",
    "the setup places {placed} {unit} units, but the line has {count} (its code's ×, or 1 without one)",
)
message(
    "mak-pilot-described-twice",
    "pilot No. {number} is described twice; the first is at {other}",
)
message(
    "mak-pilot-chart-name",
    "pilot No. {number} is on the pilot chart, which gives the name and rank; name and rank are for pilots the file creates (created: true)",
)

message(
    "mak-unit-side",
    "the {side} field a {unit}, which the rulebook gives to the {book} ({where}); right only for captured machines",
)

# Words that fill the messages above.
message("word:side-strahl", "Strahl Troops")
message("word:side-mercenary", "Mercenary Troops")
message("word:side-nato", "NATO")
message("word:side-wp", "Warsaw Pact")
message("word:commander-primary", "primary")
message("word:commander-secondary", "secondary")
message("word:layer-ground", "ground")
message("word:layer-flying", "flying")
message("word:weapon-rocket", "rocket")
message("word:weapon-pf", "PanzerFaust")
message("word:ability-attack", "attack")
message("word:ability-defense", "defense")
message("word:ability-dogfight", "dog-fight")
message("word:ability-ground", "attack plus defense")
message("word:cargo-type-i", "Type I units")
message("word:cargo-infantry", "infantry")
message("word:cargo-pilot", "pilots")
message("word:end-of-code", "the end of the code")
message("word:zone-north", "the north edge is row 01, and the hex is in row {row}")
message("word:zone-west", "the west edge is column 01, and the hex is in column {column}")
message(
    "word:zone-south",
    "the south edge of board {board} is its last row, {rows}, and the hex is in row {row}",
)
message(
    "word:zone-east",
    "the east edge of board {board} is its last column, {columns}, and the hex is in column {column}",
)
message("word:zone-row-01", "row 01 is the north edge")
message("word:zone-column-01", "column 01 is the west edge")
message("word:grid-row", "row")
message("word:grid-column", "column")
message("word:code-deploy", "a deployment code")
message("word:code-unit", "a unit code")
message("word:code-artillery", "an artillery code")
message("word:arrival-units", "the units arrive")
message("word:arrival-drop", "the drop comes")
message("word:what-hq", "the HQ's distance")
message("word:echelon-front", "front")
message("word:echelon-army", "army")
message("word:echelon-corps", "corps")
message("word:echelon-division", "division")
message("word:echelon-brigade", "brigade")
message("word:echelon-regiment", "regiment")
message("word:echelon-independent", "independent unit")
message("word:what-zoc", "whether the drop hex is next to an enemy")
message("word:what-columns", "the distance between the march columns")
message("word:at-least", "at least {value}")
message("word:terrain-city", "City")
message("word:terrain-rough", "Rough")
message("word:expected-turn-board", "a turn number and a board number in a circle, such as 1⑤")
message("word:expected-board", "a board number in a circle, such as ⑤ or (5)")
message("word:expected-hex", "a hex number of four digits, such as 1801")
message("word:expected-board-or-edge", "a board number in a circle or an edge letter N, E, S or W")
message("word:expected-direction-or-end", "▷, ◁, ▽ or △ and a hex number, or the end of the code")
message("word:expected-end", "the end of the code")
message("word:expected-count", "the number of units after ×, such as ×12")
message("word:expected-ld-item", "Ld and a pilot number, such as (Ld 1①)")
message("word:expected-pilot-item", "a pilot number in a circle, Ld, PC or the end of the code")
message("word:expected-closing", "a closing parenthesis")
message("word:expected-ld-pilot", "a pilot number in a circle, or 1 or 2 and one, such as Ld 1①")
message("word:expected-pc-pilot", "a pilot number in a circle or Ld after PC, such as PC④")
message("word:expected-type-word", "Type and the artillery type, such as Type II")
message("word:expected-type", "the artillery type, such as II")
message("word:expected-art-edge", "the direction from the board, N, E, S or W")
message("word:expected-distance", "the distance in hexes, from 1 to 999, such as −80")
message("word:expected-total", "× and the rounds in all, from 1 to 99, such as ×5")
message("word:expected-per-turn", "the rounds per turn in parentheses, from 1 to 99, such as (2)")
message("word:expected-turn-from-1", "a turn number from 1 to 99, such as the 1 of 1⑤")
message("word:expected-count-from-1", "a count from 1 to 99 after ×, such as ×2")

# Codes decoded into words (`playaid check --explain`, scenario sheets).
message(
    "explain-deploy-turn-edge-hex",
    "Turn {turn}: enter {boards} through the {edge} edge, from hex {hex} and the hexes {direction} of it.",
)
message("explain-deploy-turn-edge", "Turn {turn}: enter {boards} through the {edge} edge.")
message(
    "explain-deploy-edge-hex",
    "Enter {boards} through the {edge} edge, from hex {hex} and the hexes {direction} of it; the turn is up to the player.",
)
message(
    "explain-deploy-edge",
    "Enter {boards} through the {edge} edge; which hexes and which turn are up to the player.",
)
message("explain-deploy-setup", "Set up on {boards} before play (initial deployment).")
message("explain-deploy-turn", "Turn {turn}: come on anywhere on {boards}.")
message("explain-count-one", "1 unit.")
message("explain-count-many", "{count} units of this kind.")
message("explain-leader-primary", "Primary commander: pilot No. {pilot}{name}.")
message("explain-leader-secondary", "Secondary commander: pilot No. {pilot}{name}.")
message(
    "explain-leader-sole",
    "Commander: pilot No. {pilot}{name}; there is no secondary commander, so if that unit is lost the rest have no command unit.",
)
message("explain-pilot", "Pilot No. {pilot}{name} is assigned to one of these units.")
message("explain-pilot-one", "Pilot No. {pilot}{name} is assigned to it.")
message(
    "explain-controller",
    "Pilot No. {pilot}{name} controls the unmanned unit (PC, Pilotless Vehicle Control).",
)
message(
    "explain-controller-leader",
    "The {which} commander, pilot No. {pilot}{name}, controls the unmanned unit (PC).",
)
message(
    "explain-artillery",
    "Type {type} artillery, {distance} hexes {edge} of map board {board}: {total} rounds in all, at most {per_turn} a turn.",
)
message("word:edge-N", "north")
message("word:edge-E", "east")
message("word:edge-S", "south")
message("word:edge-W", "west")
message("word:commander-sole", "only")
message(
    "explain-activation",
    "Before game turn 1 (Soviet Surprise Phase) these formations act one after another, in this order: {formations}. The original's English has all units that enter on GT1 act, its Japanese all Soviet units; playaid follows the English and reads it as every Warsaw Pact formation that enters on game turn 1.",
)

# `generate fpcf` where an overlay's maps and charts leave nothing to generate from (issue 20).
message(
    "generate-no-map",
    "no fpcf map is in a map group ({groups}: each map's `group`), so no Flashpoint: Central"
    " Front scenario can be generated",
)
message(
    "generate-no-nation",
    "fpcf.aircraft-nation names no {side} nation of the {group} maps that fpcf.starting-morale"
    " lists, so no scenario on those maps can be generated",
)
