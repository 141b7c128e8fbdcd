"""What more than one game uses: record shorthand (full-width digits, Chinese seat words) and
board matchpoints. Not a game: it defines no `RULES`, so the registry passes it by."""
