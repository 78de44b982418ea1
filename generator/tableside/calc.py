"""Answer `calc`: run a procedure on KEY=VALUE inputs and present the result and its reasoning."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.core.errors import InternalError, UserError
from generator.core.messages import message, text_in
from generator.tableside.procedures.base import Outcome, Procedure
from generator.tableside.procedures.params import parse_inputs

if TYPE_CHECKING:
    from generator.content.load import Content
    from generator.content.model.procedures import ProcedureDoc, Reading

# The words `calc` prints around a procedure's own (the catalog gives their Japanese).
message("calc-reading", "Reading: {reading}")
message("calc-reading-uncertain", "Reading (?): {reading}")
message("calc-rules", "rules: {rules}")


@dataclass(frozen=True)
class Calculation:
    """A procedure run: what went in, what came out, the readings that applied."""

    procedure: Procedure
    doc: ProcedureDoc
    inputs: dict[str, Any]
    outcome: Outcome
    readings: tuple[Reading, ...]

    def explanation(self, lang: str) -> str:
        """The worked arithmetic, then every reading that applied."""
        text = self.outcome.explanation_ja if lang == "ja" else self.outcome.explanation_en
        for reading in self.readings:
            code = "calc-reading-uncertain" if reading.uncertain else "calc-reading"
            text += "\n" + text_in(lang, code, reading=reading.text.get(lang))
        return text


def procedure_ids() -> list[str]:
    """The ids of every procedure."""
    from generator.tableside.procedures.registry import REGISTRY

    return sorted(REGISTRY)


def calculate(content: Content, procedure_id: str, given: dict[str, Any]) -> Calculation:
    """Run one procedure; bad or missing inputs are UserErrors naming the parameter."""
    from generator.tableside.procedures.registry import REGISTRY

    if procedure_id not in REGISTRY:
        listed = ", ".join(sorted(REGISTRY))
        raise UserError("unknown-procedure", id=procedure_id, choices=listed)
    procedure = REGISTRY[procedure_id]
    doc = content.procedures.get(procedure_id)
    if doc is None:
        raise InternalError(f"procedure {procedure_id} has no entry in content")
    inputs = parse_inputs(procedure_id, procedure.params, {k: str(v) for k, v in given.items()})
    outcome = procedure.run(inputs, content)
    by_id = {reading.id: reading for reading in doc.readings}
    missing = [note for note in outcome.notes if note not in by_id]
    if missing:
        raise InternalError(f"procedure {procedure_id} names readings not in content: {missing}")
    return Calculation(procedure, doc, inputs, outcome, tuple(by_id[n] for n in outcome.notes))


def calc_json(calculation: Calculation) -> dict[str, Any]:
    """The JSON of a calculation: procedure, inputs, result, details, explanation, rules."""
    inputs = {k: list(v) if isinstance(v, tuple) else v for k, v in calculation.inputs.items()}
    return {
        "procedure": calculation.procedure.id,
        "inputs": inputs,
        "result": calculation.outcome.result,
        "details": calculation.outcome.details,
        "explanation": {"en": calculation.explanation("en"), "ja": calculation.explanation("ja")},
        "rules": list(calculation.procedure.rules),
    }


def render_calc(calculation: Calculation, lang: str) -> str:
    """A calculation for the terminal."""
    title = calculation.doc.title.get(lang)
    rules = ", ".join(calculation.procedure.rules)
    result = calculation.outcome.result
    return "\n".join(
        [
            f"{title} ({calculation.procedure.id}) → {result}",
            calculation.explanation(lang),
            text_in(lang, "calc-rules", rules=rules),
        ]
    )
