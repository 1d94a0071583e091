// ddsolve's analysis page: ES modules with no build step, each served at /static/<name>.js.
// This one is the entry (`<script type="module">` in index.html): it starts the page.
//
// The page keeps its state in `state`, mirrors the deal, contract and cards played in the
// address (`?deal=...&strain=...&declarer=...&play=...`, see the README) and asks the server
// for everything it solves: `/api/table` (table and par), `/api/solve` (every legal card's
// value in the current position), `/api/play` (what each card played cost) and `/api/boards`
// (the boards of a PBN file). The rules of play (whose turn, following suit, who wins a
// trick) are checked in the page too (deal.js), so a bad `play=` in a link is caught before
// it is sent.
//
// The modules, one concern each, each importing only those above it:
// - cards.js: the names of seats, suits, strains and cards, and their text;
// - html.js: escaping, the markup of suits and cards, elements by id;
// - deal.js: deals and the rules of play (no state, no DOM);
// - api.js: a POST to the server and its errors;
// - state.js: the page's state, the server's answers kept by request, the game played;
// - address.js: the state read from and written to the page's link;
// - render.js: the page drawn from the state;
// - refresh.js: after each change, the address, the drawing and the requests it needs;
// - actions.js: a deal loaded, a contract chosen, cards played, undone, finished;
// - boards.js: the boards of a PBN file, one shown at a time;
// - events.js: keys, clicks and changes, and the start from the address.

import { init } from './events.js';

init();
