// The table page of a game drawn by the generic renderer (see generic_board.js).
import { start } from "./generic_board.js";

start("table");
