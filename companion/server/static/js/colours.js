// The players' colours, one table per game, shared by every page that draws a
// player: Amritsar's board and chips (amritsar_drawing.js, parts.css's dots, the
// same values as app.css's --purple/--grey/--pink/--orange) and the generic
// games' pieces (Imhotep's stones, Ceylon's and Rajas's pawns: the same values
// as generic.css's .g-dot). The game-over screen (game_over.js) asks here too,
// so a player keeps one colour from the first turn to the final ranking.

/** Amritsar's four player colours. */
export const AMRITSAR_HEX = {
  purple: "#7b4fa0",
  grey: "#8a8a8a",
  pink: "#e07aa8",
  orange: "#e8892b",
};

/** The generic games' pieces (Imhotep, Ceylon, Rajas of the Ganges). */
export const PIECE_HEX = {
  black: "#222222", white: "#ffffff", brown: "#7a4a22", grey: "#8a8a8a", gray: "#8a8a8a",
  red: "#b3261e", blue: "#1f5fae", green: "#2e7d32", yellow: "#e3b505",
};

const BY_GAME = { amritsar: AMRITSAR_HEX, imhotep: PIECE_HEX, ceylon: PIECE_HEX, rajas: PIECE_HEX };

/** The colour a game draws a player of colour `name` in (null: a colour the game has not). */
export function playerHex(game, name) {
  const table = BY_GAME[game] || { ...PIECE_HEX, ...AMRITSAR_HEX };
  return table[name] || null;
}
