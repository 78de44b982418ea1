"""Rendering: Jinja templates to HTML, WeasyPrint to PDF, fonts subset by playaid itself."""
