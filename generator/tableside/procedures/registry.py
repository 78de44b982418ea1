"""Every procedure, registered by importing the modules that define them."""

from __future__ import annotations

from generator.tableside.procedures import cf, fpcf, mak  # noqa: F401  (imported to register)
from generator.tableside.procedures.base import REGISTRY, Procedure

__all__ = ["REGISTRY", "Procedure"]
