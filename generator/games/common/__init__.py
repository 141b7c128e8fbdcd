"""What more than one game uses: record shorthand (full-width digits, Chinese seat words),
board matchpoints and board numbers through a stage. Not a game: it defines no `RULES`, so the registry passes it by."""
