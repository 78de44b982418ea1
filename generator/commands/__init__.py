"""The commands: one module each, owning its arguments (`add_arguments`) and its body (`run`);
generator.cli parses, dispatches and turns errors into exit codes."""
