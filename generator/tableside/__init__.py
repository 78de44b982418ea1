"""The table side: what players ask during a game — chart look-ups and rolls, rule cases, the
procedures with their worked arithmetic — and the checked snapshot of the content these commands
answer from."""
