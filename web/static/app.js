// wordtable dashboard: one small script, no build step. Live updates come by Server-Sent Events.
"use strict";
const wordtable = (() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
  // a game's words by player ({Ann: [...]}); anything else holds no words to pick
  const byPlayer = (words) => (words && typeof words === "object" && !Array.isArray(words) ? words : {});
  // the words on the table as the moves name them: Ann:RIDE
  const wordsOnTable = (view) => Object.entries(byPlayer(view.state.words))
    .flatMap(([p, ws]) => (Array.isArray(ws) ? ws : []).map((w) => `${p}:${(w.word || w).toUpperCase()}`));
  // when a table's clock began, on this screen's clock (the server says when and what time it is now)
  const clockBegan = (t) => Date.now() - (t.now - t.started_at) * 1000;

  // A toast sits at the foot of the screen, unless there it would hide the move being made (the
  // row of the box or button in use): then it shows under the header, so a refused claim can be
  // read and put right at once. A refusal stays longer: it is longer, and it must be read.
  function toast(message, bad) {
    const t = $("#toast"); t.textContent = message; t.className = bad ? "show bad" : "show";
    const used = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
    const row = used && (used.closest(".action, form, li") || used);
    if (row && row.getBoundingClientRect().bottom > t.getBoundingClientRect().top - 8) t.classList.add("top");
    clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.className = ""; }, bad ? 7000 : 4000);
  }

  // The connection, shown so nobody can miss it: while the server does not answer, every action
  // is disabled under a banner; when it answers again the page catches up.
  let onBack = () => {};
  function offline(down) {
    const banner = $("#offline"); if (!banner) return;
    if (banner.hidden === !down) return;
    banner.hidden = !down;
    document.body.classList.toggle("disconnected", down);
    document.querySelectorAll("main button, main input, main select").forEach((b) => { b.disabled = down; });
    if (!down) onBack();
  }
  let probing = null;
  function probe() {
    if (probing) return;
    probing = setInterval(() => fetch("/api/games", { cache: "no-store" }).then((r) => {
      if (r.ok) { clearInterval(probing); probing = null; offline(false); }
    }).catch(() => {}), 2000);
  }

  async function api(path, body) {
    const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: JSON.stringify(body) };
    let response;
    try {
      response = await fetch("/api" + path, options);
    } catch (error) {
      offline(true); probe();
      throw Object.assign(new Error("the server does not answer"), { shown: true });  // the banner says so
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      // A refusal says what happened, why, and the rule; a rule's refusal is styled as a penalty.
      const message = data.error || response.statusText;
      toast(data.kind === "rule" ? `Refused: ${message}` : message, true);
      throw Object.assign(new Error(message), { shown: true });
    }
    return data;
  }
  // A refusal the toast has shown needs nothing more: not an uncaught error in the console too.
  window.addEventListener("unhandledrejection", (e) => { if (e.reason && e.reason.shown) e.preventDefault(); });

  // The start form offers exactly the settings the chosen game's engine takes (its options, with
  // their choices, ranges and the rules' defaults); the server checks them again before it starts.
  function home() {
    let games = [];
    const select = $("#game-choice");
    const chosen = () => games[Number(select.value)] || { options: [] };
    const showOptions = () => {
      const box = $("#option-fields"); box.replaceChildren();
      for (const o of chosen().options) {
        const label = el("label", o.label + " ");
        let input;
        if (o.kind === "choice") {
          input = el("select");
          // the rules' own default, or (where the text names none) wordtable's, said as such
          const whose = o.default_note ? `wordtable's default (${o.default_note})` : "the rules' default";
          const rules = el("option", `${whose}${o.default !== null ? `: ${(o.choices.find((c) => c.value === o.default) || {}).label || o.default}` : ""}`); rules.value = ""; input.append(rules);
          for (const c of o.choices) { const opt = el("option", c.label); opt.value = JSON.stringify(c.value); input.append(opt); }
        } else if (o.kind === "bool") {  // ticked when the rules' default is yes (Word Building's deal passing)
          input = el("input"); input.type = "checkbox"; input.checked = o.default === true;
          input.dataset.default = String(o.default === true);
        } else {
          input = el("input"); input.type = o.kind === "int" ? "number" : "text";
          if (o.low !== null) input.min = o.low; if (o.high !== null) input.max = o.high;
          input.placeholder = o.default !== null ? `${o.default} (${o.default_note || "the rules' default"})` : "the rules' default";
        }
        input.dataset.option = o.name; input.dataset.kind = o.kind;
        label.append(input); box.append(label);
      }
      // A setting that matters only with another's value (words to end the game, for ending (a))
      // shows only then: the other's choice, or the rules' default when none is chosen
      for (const o of chosen().options.filter((x) => x.requires)) {
        const [name, value] = o.requires;
        const other = box.querySelector(`[data-option="${name}"]`), mine = box.querySelector(`[data-option="${o.name}"]`);
        const fallback = (chosen().options.find((x) => x.name === name) || {}).default;
        const update = () => { mine.closest("label").hidden = (other.value ? JSON.parse(other.value) : fallback) !== value; };
        if (other && mine) { other.addEventListener("change", update); update(); }
      }
      $("#options").hidden = !chosen().options.length;
    };
    api("/games").then((data) => {
      games = data.games;
      games.forEach((g, i) => { const o = el("option", g.title); o.value = String(i); select.append(o); });
      showOptions();
    });
    select.addEventListener("change", showOptions);
    api("/relay/status").then((status) => {  // a table's machine: take one of the club's games
      if (!status.upstream || !$("#take")) return;
      $("#take").hidden = false; $("#take-club").textContent = `${status.upstream.upstream} as ${status.upstream.seat}`;
      $("#take").addEventListener("submit", async (e) => {
        e.preventDefault();
        try { const t = await api("/relay/take", { game: Number($("#take-game").value) }); location.href = `/game/${t.game}/table`; }
        catch (error) { $("#take-error").textContent = error.message; }
      });
    }).catch(() => {});
    $("#start").addEventListener("submit", async (e) => {
      e.preventDefault();
      const f = new FormData(e.target);
      const game = chosen();
      const setup = { game: game.game, variant: game.variant, players: f.get("players").split(",").map((p) => p.trim()).filter(Boolean) };
      if (f.get("dictionary")) setup.dictionary = f.get("dictionary");
      for (const input of document.querySelectorAll("[data-option]")) {
        const kind = input.dataset.kind, name = input.dataset.option;
        if (kind === "bool") { if (input.checked !== (input.dataset.default === "true")) setup[name] = input.checked; continue; }
        if (input.value === "") continue;
        setup[name] = kind === "choice" ? JSON.parse(input.value) : kind === "int" ? Number(input.value) : input.value;
      }
      $("#start-error").textContent = "";
      try {
        const started = await api("/sessions", setup);
        location.href = `/game/${started.id}/table`;
      } catch (error) { $("#start-error").textContent = error.message; }
    });
  }

  function dictionary() {
    const look = async (word) => {
      const data = await api("/define?word=" + encodeURIComponent(word));
      const box = $("#meanings"); box.replaceChildren();
      if (!data.meanings.length) box.append(el("p", data.note || `No meanings found for ${data.word}.`));
      for (const m of data.meanings) {
        const p = el("p"); p.append(el("b", m.pos + " "), document.createTextNode(m.gloss));
        if (m.synonyms.length > 1) p.append(el("span", " · " + m.synonyms.join(", "), "hint"));
        box.append(p);
      }
    };
    $("#define").addEventListener("submit", (e) => { e.preventDefault(); look($("#define-word").value); });
    $("#stem").addEventListener("submit", async (e) => {
      e.preventDefault(); const f = new FormData(e.target);
      const j = await api(`/judge?old=${encodeURIComponent(f.get("old"))}&new=${encodeURIComponent(f.get("new"))}`);
      $("#stem-verdict").textContent = `${j.verdict}: ${j.reason}`;
    });
    if ($("#define-word").value) look($("#define-word").value);
  }

  function game(id, name, page) {
    let last = 0;
    // A player's own view on a phone (?me=Ann): that player's line first, the table, no referee's controls.
    const me = new URLSearchParams(location.search).get("me");
    if (me && $("#export")) $("#export").closest("p").hidden = true;  // the whole record is the referee's
    const history = [];
    let latest = null, lastBuzzers = null;  // the game's last view and the box's last summary
    let recheck = () => {};  // the referee's word box, asked again when the game moves on
    // Is a buzzer claim open (a prompt, or rock-paper-scissors to play) in a game not over?
    const claimOpen = (view) => !view || Boolean((view.prompt || (view.rock_paper_scissors || []).length) && !view.state.over);
    const refresh = async () => {
      const data = await api(`/sessions/${id}`);
      const was = claimOpen(latest); latest = data;
      if (lastBuzzers && claimOpen(data) !== was) renderBuzzers(lastBuzzers);  // a claim settled: the press is history
      const result = $("#result"); if (result) { result.textContent = data.result || ""; result.hidden = !data.result; }
      syncHeld(data);
      renderMe(data);
      if ($("#buzz-keys")) $("#buzz-keys").hidden = !data.buzzers;  // no buzzer keys to tell of in a game without them
      renderTable(data);
      renderActions(data);
      renderScores(data.state);
      if ($("#event-types")) $("#event-types").textContent = data.event_types.join(", ");
      followTableClock((data.table || {}).timer);
      if (page === "scores" || page === "table") renderChart();
      recheck();  // a word checked before stays true to the table (its steal's word may have gone)
    };

    // A TV shows the whole page with nothing to scroll: a long game's words make the type smaller
    // (down to a size still read across a room) rather than push the table below the screen.
    function fitTv() {
      const body = document.body; if (!body.classList.contains("tv")) return;
      body.style.fontSize = "";
      let size = parseFloat(getComputedStyle(body).fontSize);
      while (document.documentElement.scrollHeight > innerHeight && size > 14) { size -= 1; body.style.fontSize = `${size}px`; }
    }
    addEventListener("resize", fitTv);
    // parts drawn later (the chart, the buzzer box's line) are fitted when the page's height changes,
    // not on a timer; the fit itself ends at the size it found, so it does not wake itself again
    if (document.body.classList.contains("tv")) new ResizeObserver(() => fitTv()).observe(document.querySelector("main"));

    // A table's machine with a club (serve --upstream): the link, and how many events wait to go up.
    async function renderClubLink() {
      const line = $("#club-link"); if (!line) return;
      const status = await api("/relay/status").catch(() => null);
      const up = status && status.upstream; if (!up) { line.hidden = true; return false; }
      const mine = (up.games || []).find((g) => g.game === id);
      line.hidden = false;
      line.className = up.state === "connected" && !up.behind ? "hint" : "bad";
      line.textContent = `Club ${up.upstream} (${up.seat}): ${up.state}` + (mine ? ` · ${mine.behind ? `${mine.behind} event${mine.behind > 1 ? "s" : ""} kept here, to send` : "all events at the club"}` : " · this game stays on this machine")
        + (up.last_error && up.state !== "connected" ? ` · ${up.last_error}` : "");
      return true;
    }
    renderClubLink().then((has) => { if (has) setInterval(renderClubLink, 3000); });

    function renderMe(view) {
      const line = $("#me"); if (!line || !me) return;
      const mine = view.state.standings.find((s) => s.player === me);
      if (!mine) { line.hidden = false; line.textContent = `${me} does not play in this game`; return; }
      const turn = view.state.over ? null : view.state.turn || (view.table || {}).turn;  // nobody's, once it is over
      const hand = ((view.table || {}).hands || {})[me];
      line.hidden = false;
      // Not Scrabble has no turns to play (anyone may call, rule 04): the bag passes round instead
      const holder = (view.table || {}).bag_holder;
      const whose = holder && !view.state.over ? (holder === me ? "you hold the bag" : `${holder} holds the bag`) : turn ? (turn === me ? "your turn" : `${turn}'s turn`) : "";
      line.textContent = [`You are ${me} · score ${mine.score}`, whose,
        hand !== undefined ? `${hand} in hand` : "", (view.locked || {})[me] ? `silent: ${view.locked[me]}` : ""].filter(Boolean).join(" · ");
    }

    function renderScores(state) {
      const table = $("#scores"); if (!table) return;
      table.replaceChildren();
      const head = el("tr"); head.append(el("th", "player"), el("th", "score")); table.append(head);
      for (const s of state.standings) {  // each name opens that player's own view (for a phone)
        const r = el("tr"); const who = el("td"); const a = el("a", s.player); a.href = `?me=${encodeURIComponent(s.player)}`; who.append(a);
        if (s.player === me) r.className = "mine";
        r.append(who, el("td", String(s.score))); table.append(r);
      }
      const details = $("#details"); details.replaceChildren();
      const one = (v) => typeof v !== "object" || v === null ? String(v)
        : v.word !== undefined ? `${v.word ? String(v.word).toUpperCase() : "no word"}${v.score !== undefined ? " " + v.score : ""}`
        : Object.entries(v).map(([k, x]) => `${k} ${x}`).join(" ");
      const show = (v) => Array.isArray(v) ? v.map(one).join(", ") || "none" : one(v);
      // a flag shows as its name when set ("tied"), and not at all when not
      const said = (s, keys) => keys.map((k) => s[k] === true ? k.replaceAll("_", " ") : `${k.replaceAll("_", " ")} ${show(s[k])}`).join(" · ");
      const flagged = (s) => Object.keys(s).filter((k) => k !== "player" && k !== "score" && s[k] !== false);
      // what the game measures every standing by (LEXICON's "lower is better", DICEWORDS' target)
      // is said once, and so is a flag every player shares (all tied); a number equal by chance,
      // as each player's 10 in stars and counters, stays with each player
      const terms = state.terms || {}, termKeys = Object.keys(terms).filter((k) => terms[k] !== false);
      if (termKeys.length) details.append(el("p", said(terms, termKeys), "hint"));
      const first = state.standings[0];
      const shared = state.standings.length > 1 && first ? flagged(first).filter((k) => typeof first[k] !== "number" && state.standings.every((s) => JSON.stringify(s[k]) === JSON.stringify(first[k]))) : [];
      if (shared.length) details.append(el("p", said(first, shared), "hint"));
      for (const s of state.standings) {
        const keys = flagged(s).filter((k) => !shared.includes(k)); if (!keys.length) continue;
        const p = el("p"); p.append(el("b", s.player + ": "), document.createTextNode(said(s, keys)));
        details.append(p);
      }
      if (state.over) details.append(el("p", "The game is over.", "good"));
    }

    async function renderChart() {
      const svg = $("#chart"); if (!svg) return;
      const data = await api(`/sessions/${id}/scores`);
      svg.replaceChildren();
      const all = data.points.flatMap((p) => Object.values(p.scores));
      // from the lowest score to the highest: a score below nought (LEXICON's -10) stays in view, and
      // counters that start at 33 each spread over the chart rather than bunch at its top
      const low = all.length ? Math.min(...all) : 0, top = Math.max(low + 1, ...all);
      // the scale at the chart's edges: a lead of 35 to 33 fills the height, and says it is two
      const scale = (sel, v) => { const s = $(sel); if (s) s.textContent = all.length ? String(v) : ""; };
      scale("#chart-top", top); scale("#chart-low", low);
      const n = Math.max(1, data.points.length - 1);
      const colours = ["#2a7", "#c52", "#36c", "#a3a", "#aa2", "#2aa", "#777", "#e80"];
      svg.setAttribute("preserveAspectRatio", "none");  // the whole width is the game so far
      const legend = $("#chart-legend");
      if (legend) {  // which line is whose: a line's colour, the player, their score now
        legend.replaceChildren();
        const last = data.points.length ? data.points[data.points.length - 1].scores : {};
        data.players.forEach((player, i) => {
          const key = el("span", "", "key"); const swatch = el("i"); swatch.style.background = colours[i % colours.length];
          key.append(swatch, document.createTextNode(`${player} ${last[player] ?? ""}`)); legend.append(key);
        });
      }
      data.players.forEach((player, i) => {
        const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
        line.setAttribute("points", data.points.map((p, k) => `${(k / n) * 300},${112 - ((p.scores[player] - low) / (top - low)) * 104}`).join(" "));
        line.setAttribute("fill", "none"); line.setAttribute("stroke", colours[i % colours.length]); line.setAttribute("stroke-width", "2"); line.setAttribute("vector-effect", "non-scaling-stroke");
        const title = document.createElementNS("http://www.w3.org/2000/svg", "title"); title.textContent = player; line.append(title);
        svg.append(line);
      });
    }

    // What cannot be taken back lightly (an undo of several moves, the game's end) asks a second
    // tap within five seconds; the button says what the second tap will do.
    function twoTaps(button, question, act) {
      const label = button.textContent;
      button.onclick = () => {
        if (!button.classList.contains("armed")) {
          button.classList.add("armed"); button.textContent = question;
          setTimeout(() => { button.classList.remove("armed"); button.textContent = label; }, 5000);
          return;
        }
        act();
      };
    }

    let historyShown = false;
    function renderHistory() {
      const list = $("#history"); if (!list) return;
      // the newest move is at the foot of the list: a long game opens there (a phone's whole
      // screen is a few moves), and a page read at its foot follows the game as moves arrive
      const atFoot = !historyShown || window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 40;
      list.replaceChildren();
      // The events that stand, in the game's order: an undo keeps the first `to` of them, so a
      // stored number is not a place in the game once anything was undone.
      const standing = [];
      for (const e of history) { if (e.type === "undo") standing.length = Math.min(standing.length, e.to); else standing.push(e.n); }
      const place = new Map(standing.map((n, i) => [n, i]));
      for (const e of history) {
        const li = el("li"); li.value = e.n;
        const { n, ...event } = e;
        const { said, scored, ...raw } = event;
        li.append(said ? el("span", said) : el("code", Object.entries(raw).map(([k, v]) => k === "type" ? v : `${k}=${JSON.stringify(v)}`).join(" ")));
        // what the move did to the scores, as it was played (a challenge's +10 or -10, a word's points)
        const changes = Object.entries(scored || {}).map(([p, d]) => `${p} ${d > 0 ? "+" : "\u2212"}${Math.abs(d)}`);
        if (changes.length) li.append(el("span", ` · ${changes.join(", ")}`, "scored"));
        const at = place.get(n);
        if (e.type === "undo") li.classList.add("undo");
        else if (at === undefined) { li.classList.add("undone"); li.title = "undone"; }
        else if (at > 0) {  // this event and every one after it; the game's set-up stays
          const b = el("button", "undo from here"); b.className = "small"; b.title = "undo this move and every one after it";
          // two taps: the first says how many moves would go, the second undoes them
          const moves = standing.length - at;
          twoTaps(b, `undo ${moves} move${moves === 1 ? "" : "s"}? tap again`,
            () => api(`/sessions/${id}/undo`, { to: at }).then((r) => toast(`Undone: ${r.undone_what || "back to event " + at}`)));
          li.append(b);
        }
        list.append(li);
      }
      if (history.length) historyShown = true;
      if (atFoot && history.length) window.scrollTo(0, document.documentElement.scrollHeight);
    }

    let renderBuzzersAgain = () => {};
    function renderBuzzers(summary) {
      const box = $("#buzzers"); if (!box) return;
      lastBuzzers = summary;
      box.replaceChildren();
      // The boxes the operator offers (wordtable serve --buzzers) and this game's simulator: pick one.
      const choose = el("p", "", "row ports"); const pick = el("select"); pick.id = "buzzer-port";
      for (const p of summary.ports || []) {
        const taken = p.game !== null && p.game !== undefined && p.game !== id;
        const o = el("option", `${p.simulated ? "simulated box" : p.port}${taken ? ` (held by game ${p.game})` : ""}`); o.value = p.port; o.disabled = taken;
        if (p.port === summary.port) o.selected = true; pick.append(o);
      }
      const use = el("button", "Use this box", "small"); use.onclick = () => api(`/sessions/${id}/buzzers`, { port: pick.value }).then(renderBuzzersAgain);
      choose.append(el("span", "Buzzer box: "), pick, use); box.append(choose);
      if (!summary.attached) return;
      box.append(el("p", `${summary.connected ? "box connected" : "box not connected"} (${summary.port})`, summary.connected ? "good" : "bad"));
      if (summary.health && summary.health.error) box.append(el("p", `trouble: ${summary.health.error}`, "bad"));
      const d = summary.decisions[0];
      if (d) {
        const first = d.winner ? `${d.winner} first` : d.tied.length ? `tie: ${d.tied.join(" & ")}` : "no press taken";
        const by = d.margin_us !== null ? ` by ${(d.margin_us / 1000).toFixed(2)} ms` : "";
        // Big while its claim is open; once settled (or the game over) it is the last press, small
        box.append(claimOpen(latest) ? el("p", first + by, "big winner") : el("p", `last press: ${first}${by}`, "hint"));
        if (d.order.length > 1) box.append(el("p", "order: " + d.order.join(", ")));
        for (const why of d.ignored) box.append(el("p", "not heard: " + why, "bad"));
      }
      if (summary.refused) box.append(el("p", `last press not taken: ${summary.refused}`, "hint"));  // the rules' answer, no fault
      for (const [player, why] of Object.entries(summary.locked || {})) box.append(el("p", `${player} locked out: ${why}`, "bad"));
    }

    // The game's own table, from the table's read model: the centre, each player's words, who
    // holds the bag and who is silent, the open buzzer claim with the words to tap, and what the
    // camera wants from a person (a question, or a difference between the table and the record).
    function renderTable(view) {
      if (!$("#pool")) return;
      const state = view.state, table = view.table || {};
      const rich = table.words || null;  // Dictionary, Please!: the stars and counters before each word
      $("#pool").textContent = state.pool !== undefined ? (state.pool || "—") : "";
      $("#centre-head").hidden = $("#pool").hidden = state.pool === undefined;
      $("#centre-head").textContent = table.pool_name || "Centre";  // each text's word: Not Scrabble's centre, the pool
      $("#words-head").hidden = !(rich || state.words);
      const buzzCard = $("#buzz-buttons"); if (buzzCard) buzzCard.closest(".card").hidden = !view.buzzers;
      $("#bag").textContent = [table.bag_holder ? `${table.bag_holder} holds the bag` : "",
        state.bag !== null && state.bag !== undefined ? `${state.bag} tile${state.bag === 1 ? "" : "s"} in the bag` : "",
        (state.turn || table.turn) && !table.bag_holder && !table.dice && !state.over ? `${state.turn || table.turn}'s turn` : ""].filter(Boolean).join(" · ");
      const words = $("#words"); words.replaceChildren();  // Dictionary, Please!: the stars and counters before each word
      const entries = Object.entries(rich || byPlayer(state.words));
      if (me) entries.sort(([a], [b]) => (b === me) - (a === me));  // the player's own words first
      for (const [player, list] of entries) {  // each player's words
        const p = el("p"); p.append(el("b", player + ": ")); if (player === me) p.className = "mine";
        if (!list.length) p.append(el("span", "—", "letters"));
        for (const w of list) {
          const chip = el("span", "", "word");
          for (const a of w.front || []) { const dot = el("span", "", `award ${a.kind} ${a.colour}`); dot.title = `${a.what} (${a.points})`; chip.append(dot); }
          chip.append(el("span", w.word || w, "letters"));
          if (w.captures) { const n = el("small", ` ×${w.captures}`); n.title = `captured ${w.captures} time${w.captures === 1 ? "" : "s"}`; chip.append(n); }
          p.append(chip);
        }
        if (table.hands && table.hands[player] !== undefined) p.append(el("span", ` · ${table.hands[player]} in hand${(table.passed || []).includes(player) ? " · passed" : ""}`, "hint"));
        const env = (table.envelopes || {})[player] || [];
        if (env.length) p.append(el("span", ` · envelope ${env.reduce((s, a) => s + a.points, 0)}`, "hint"));
        words.append(p);
      }
      // Dictionary, Please!: a key to the stars and counters shown (a phone or a TV has no hover)
      const kinds = new Map();
      for (const [, list] of entries) for (const w of list) for (const a of w.front || []) kinds.set(`${a.kind} ${a.colour}`, a);
      if (kinds.size || Object.values(table.envelopes || {}).some((e) => e.length)) {
        const key = el("p", "", "hint award-key");
        for (const a of kinds.values()) { key.append(el("span", "", `award ${a.kind} ${a.colour}`), ` ${a.colour} ${a.kind} ${a.points} · `); }
        if (entries.some(([, list]) => list.some((w) => w.captures))) key.append("×2: a word captured twice so far · ");
        key.append("envelope: the stars and counters a player has earned, in points");
        words.append(key);
      }
      if (table.ending) words.append(el("p", `Ends ${table.ending}: ${table.ending_progress}`, "hint"));
      if (table.grid) {  // Crossword Lexicon: the grid, once a card is on it
        $("#words-head").hidden = false;
        words.append(table.grid.join("").trim() ? el("pre", table.grid.join("\n"), "crossword") : el("p", "no cards on the grid yet", "hint"));
      }
      renderDice(table);
      renderFacts(table);
      renderParts(view.parts || {});
      $("#locked").textContent = Object.entries(view.locked || {}).map(([p, why]) => `${p}: ${why} [rule 07]`).join(" · ");
      const last = view.last;
      $("#last").textContent = !last ? "" : last.refused ? `Refused: ${last.refused} [${last.rule}]` : last.text;
      $("#last").className = last && (last.refused || ["false-call", "refused-call"].includes((last.event || {}).type)) ? "penalty" : "hint";
      if ($(".camera")) $(".camera").hidden = !view.camera.running;
      const check = $("#check"); check.hidden = !view.camera.check; check.replaceChildren();
      if (view.camera.check) {
        check.append(el("b", "Check the table: "), document.createTextNode(view.camera.check + " — the camera waits. "));
        const b = el("button", "The table is right: read it again"); b.onclick = () => api(`/sessions/${id}/camera/read-again`, {}); check.append(b);
      }
      const ask = $("#ask"); const q = view.camera.question; ask.hidden = !q; ask.replaceChildren();
      if (q) {
        ask.append(el("b", q.text + " "));
        q.answers.forEach((a, i) => { const b = el("button", a.label); b.onclick = () => api(`/sessions/${id}/camera/answer`, { choice: i }); ask.append(b); });
      }
      const claim = $("#claim"); const prompt = view.prompt; claim.replaceChildren();
      const wasHidden = claim.hidden;
      claim.hidden = !prompt && !(view.rock_paper_scissors || []).length;
      // A claim that opens (a buzzer pressed) comes into view, unless the referee is typing
      const focused = document.activeElement || {};
      const typing = ["INPUT", "TEXTAREA"].includes(focused.tagName) && Boolean(focused.value);  // a box half filled in
      if (wasHidden && !claim.hidden && !typing && page === "table" && !document.body.classList.contains("tv")) requestAnimationFrame(() => claim.scrollIntoView({ block: "nearest", behavior: "smooth" }));
      if (prompt) {
        for (const press of prompt.presses) {
          const row = el("div", "", "press");
          // Presses within the table's window are one call (rule 06): none of them was first
          const together = press.after_ms <= prompt.window_ms && prompt.presses.filter((p) => p.after_ms <= prompt.window_ms).length > 1;
          const when = together ? `${press.after_ms ? ` +${press.after_ms} ms` : ""}, at once (rule 06)` : press.after_ms ? ` +${press.after_ms} ms` : " first";
          row.append(el("b", `${press.player} pressed${when}: `));
          if (press.said) { row.append(el("span", press.word || "nothing")); claim.append(row); continue; }
          for (const c of prompt.choices) {
            const b = el("button", c.word + (c.from ? ` (from ${c.from.replace(":", "'s ")})` : "")); b.onclick = () => api(`/sessions/${id}/say`, { player: press.player, word: c.word, from: c.from }); row.append(b);
          }
          const typed = el("input"); typed.placeholder = "or type the word"; typed.size = 12;
          typed.onkeydown = (e) => { if (e.key === "Enter" && typed.value.trim()) api(`/sessions/${id}/say`, { player: press.player, word: typed.value.trim() }); };
          const none = el("button", "said nothing", "small"); none.onclick = () => api(`/sessions/${id}/say`, { player: press.player, word: null });
          row.append(typed, none); claim.append(row);
        }
      }
      const rps = view.rock_paper_scissors || [];
      if (rps.length) {
        const row = el("div", "", "press"); row.append(el("b", `Rock-paper-scissors (rule 06): `));
        for (const p of rps) { const b = el("button", `${p} won`); b.onclick = () => api(`/sessions/${id}/rock-paper-scissors`, { winner: p }); row.append(b); }
        const d = el("button", "let the table pick a winner", "small"); d.onclick = () => api(`/sessions/${id}/rock-paper-scissors`, { winner: null }); row.append(d);
        claim.append(row);
      }
    }

    // A button for every move the table allows now (the read model's actions): what is known is
    // filled in, what a person gives is asked for with a picker (letters, dice faces), a list (words
    // on the table, players, stacks) or a box; the move is recorded as an event like any other.
    let shownActions = "", lastView = null;
    const held = new Set();  // DICEWORDS: the dice the player keeps for the reroll (tap a die)
    let heldFor = "", advised = null;
    function syncHeld(view) {  // a new roll (or a new turn) lets go of the dice held and the advice given
      const dice = view.table.dice || [];
      const key = dice.map((d) => d.face).join("") + (view.table.rolls_left ?? "") + (view.table.turn || "");
      if (key === heldFor) return;
      held.clear(); heldFor = key; advised = null;
      // the dice held for this very roll survive a reload of the page (kept by the browser)
      const kept = JSON.parse(localStorage.getItem(heldKey) || "null");
      if (kept && kept.for === key) kept.dice.forEach((c) => held.add(c));
    }
    const heldKey = `wordtable-held-${id}`;
    // the dice held changed: kept by the browser, and shown on the dice and in the reroll's move
    const heldChanged = (table) => {
      localStorage.setItem(heldKey, JSON.stringify({ for: heldFor, dice: [...held] }));
      renderDice(table); if (lastView) renderActions(lastView);
    };
    const CARD_ASKS = new Set(["card", "exposed"]);  // asks offered as keys when the move lists the faces
    const PLACEHOLDERS = { word: "the word", new: "the new word", card: "card", exposed: "the letter or card exposed",
      hand: "the letters in hand", words: "words, space between", reason: "why", cells: "1,1,C 1,2,A", crib: "the crib's letters",
      letters: "the six letters", table: "four letters", nest: "the nest's cards, top first",
      piles: "each pile's cards, space between" };
    function renderActions(view) {
      const box = $("#actions"); if (!box) return;
      lastView = view;
      const words = wordsOnTable(view);
      const dice = view.table.dice || [];
      syncHeld(view);
      // Drawn again only when the moves change: a box being filled in is not wiped by a live update.
      const key = JSON.stringify([view.actions, words, heldFor, [...held]]);
      if (key === shownActions) return;
      shownActions = key;
      box.dataset.version = String(Number(box.dataset.version || 0) + 1);
      box.replaceChildren();
      for (const action of view.actions) {
        const row = el("div", "", "action");
        const inputs = {};
        const send = async (extra = {}) => {
          const event = { type: action.type, ...action.fixed };
          try {
            for (const [name, read] of Object.entries(inputs)) { const v = read(); if (v !== undefined && v !== "" && v !== null) event[name] = v; }
          } catch (missing) { toast(missing.message, true); return; }
          Object.assign(event, extra);
          const r = await api(`/sessions/${id}/events`, { event });
          toast(r.last && r.last.text ? r.last.text : `recorded event ${r.n}`);
          // recorded: the row's boxes start empty again (a row the next view keeps, Anagrams'
          // announce, would add the next word to the last: DANGERSILENT)
          row.querySelectorAll("input:not([type=checkbox])").forEach((input) => { input.value = ""; });
        };
        row.send = send;
        row.append(el("b", action.label + " "));
        const choices = action.choices || {};
        const alone = action.asks.length === 1;
        for (const ask of action.asks) {
          // a letter, or a card one of a deck's faces (LEXICON's cut, exposed card, discard): keys to tap
          const keys = ask === "letter" ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ" : CARD_ASKS.has(ask) && choices[ask] ? choices[ask].join("") : "";
          if (choices[ask] && ask !== "words-for" && !keys) {  // one of a few values: a list
            const s = el("select"); s.dataset.ask = ask;
            for (const v of choices[ask]) s.append(Object.assign(el("option", String(v)), { value: String(v) }));
            inputs[ask] = () => choices[ask][s.selectedIndex]; row.append(s); continue;  // a number stays a number
          }
          if (keys) {  // tap the letter or card: recorded at once when it is all the move needs
            const picker = el("span", "", "picker"); let chosen = ""; picker.dataset.ask = ask;
            const left = ask === "letter" && choices.letter ? new Set(choices.letter) : null;  // a counted bag or a crib: what is in it
            for (const c of keys) {
              const b = el("button", c, "small letter-key");
              if (c === "*") b.title = "the master card";
              if (left && !left.has(c)) { b.disabled = true; b.title = `no ${c} left`; }  // in the bag, or the crib
              b.onclick = () => {
                if (alone) { send({ [ask]: c }); return; }
                chosen = c; picker.querySelectorAll("button").forEach((x) => x.classList.toggle("chosen", x === b));
              };
              picker.append(b);
            }
            if (alone && ask === "letter") row.classList.add("letters-now");
            if (!alone) inputs[ask] = () => { if (!chosen) throw new Error(`tap the ${ask === "letter" ? "letter" : "card"} first`); return chosen; };
            row.append(picker); continue;
          }
          if (ask === "words-for") {  // Anagrams: the leader's word for each player
            const boxes = {};
            for (const p of choices[ask] || []) {
              const i = el("input"); i.placeholder = `word for ${p}`; i.size = 10; boxes[p] = i; row.append(i);
              i.onkeydown = (e) => { if (e.key === "Enter") send(); };  // Enter records, as in every move's box
            }
            inputs.words = () => Object.entries(boxes).map(([p, i]) => `${p}:${i.value.trim()}`);
            continue;
          }
          if (ask === "plays") { inputs.words = playsPicker(row, view, action.fixed.player); continue; }
          if (ask === "cells") { inputs.cells = gridPicker(row, view); continue; }
          if (ask === "dice") { inputs.dice = dicePicker(row, view, action.asks.includes("rerolled")); if (action.asks.includes("rerolled")) inputs.rerolled = () => dice.filter((d) => !held.has(d.colour)).map((d) => d.colour); continue; }
          if (ask === "rerolled") continue;  // the dice not held (tap a die on the table to hold it)
          if (ask === "from") {
            const s = el("select"); s.dataset.ask = "from"; s.append(Object.assign(el("option", "from the centre"), { value: "" }));
            for (const w of words) s.append(Object.assign(el("option", `from ${w.replace(":", "'s ")}`), { value: w }));
            inputs.from = () => s.value || null; row.append(s); continue;
          }
          if (ask === "take") {
            const s = el("select"); s.dataset.ask = "take"; for (const [v, l] of [["exposed", "takes the exposed card"], ["blind", "draws from the blind pile"]]) s.append(Object.assign(el("option", l), { value: v }));
            inputs.take = () => s.value; row.append(s); continue;
          }
          if (ask === "hands") {  // LEXICON: the cards left in each hand, a box for each player holding any
            const boxes = {};
            for (const [p, n] of Object.entries(view.table.hands || {})) {
              if (!n) continue;
              const i = el("input"); i.placeholder = `${p}'s ${n} card${n > 1 ? "s" : ""}`; i.size = Math.max(i.placeholder.length, n + 1); boxes[p] = i; row.append(i);
            }
            inputs.hands = () => Object.entries(boxes).map(([p, i]) => `${p}:${i.value.trim().toUpperCase()}`);
            continue;
          }
          if (ask === "player" || ask === "contributor") {
            // the Spelling Match's call on a stack's maker: two lists of players, each saying which it is
            const calling = action.asks.includes("contributor");
            const said = (p) => !calling ? p : ask === "player" ? `${p} calls` : `on ${p}'s stack`;
            const s = el("select"); s.dataset.ask = ask; for (const p of view.players) s.append(Object.assign(el("option", said(p)), { value: p }));
            inputs[ask] = () => s.value; row.append(s); continue;
          }
          const input = el("input"); input.placeholder = PLACEHOLDERS[ask] || ask; input.dataset.ask = ask;
          input.size = ["card"].includes(ask) ? 3 : Math.max(12, input.placeholder.length);  // the hint shows whole
          input.onkeydown = (e) => { if (e.key === "Enter") send(); };  // Enter records the move
          const parts = ask === "piles" ? /[\s,]+/ : /\s+/;  // piles as 1 7 5 3 or 1,7,5,3; cells hold commas
          inputs[ask] = ["words", "cells", "piles"].includes(ask) ? () => input.value.trim().split(parts).filter(Boolean) : () => input.value.trim();
          if (action.type === "declare" && ask === "word") {  // DICEWORDS: the word's score as it is built
            // Only what the dice show: "A dictionary may only be used to check a declared word", so
            // the box says nothing of the dictionary before a challenge
            const score = el("span", "", "hint score-now");
            input.addEventListener("input", async () => {
              const w = input.value.trim(); if (!w) { score.textContent = ""; return; }
              const a = await api(`/check?${new URLSearchParams({ word: w, game: name, session: id })}`).catch(() => null);
              if (!a || input.value.trim() !== w) return;
              score.textContent = a.score ? (a.score.spelled ? ` ${a.score.word} scores ${a.score.score}${a.score.wild ? ` (wild as ${a.score.wild})` : ""}` : ` the dice cannot spell ${a.score.word}`) : "";
            });
            row.append(input, score); continue;
          }
          row.append(input);
        }
        // A word picked from a list whose players are named ("owner"): its own player is not
        // offered as its challenger (LEXICON: "a player does not challenge his own word")
        const wordList = row.querySelector('select[data-ask="word"]'), playerList = row.querySelector('select[data-ask="player"]');
        const grown = row.querySelector('input[data-ask="new"]');
        if (choices.owner && wordList && playerList) {
          const sync = () => {
            const owner = choices.owner[wordList.selectedIndex];
            for (const o of playerList.options) o.disabled = o.value === owner;
            const open = [...playerList.options].find((o) => !o.disabled);
            if (open && playerList.selectedOptions[0] && playerList.selectedOptions[0].disabled) playerList.value = open.value;
          };
          wordList.addEventListener("change", sync); sync();
        }
        // LEXICON's insert and change: the new word starts as the word picked, to be edited in place
        if (wordList && grown) {
          let was = wordList.value; grown.value = was;
          wordList.onchange = () => { if (!grown.value.trim() || grown.value === was) grown.value = wordList.value; was = wordList.value; };
        }
        if (!(alone && row.querySelector(".picker[data-ask]"))) {  // a key alone records at once
          const go = el("button", "Record"); go.onclick = () => send();
          if (action.type === "end") twoTaps(go, "end the game? tap again", send);  // a slip of the finger ends nothing
          row.append(go);
        }
        box.append(row);
      }
      if (!view.actions.length) box.append(el("p", view.result || "No move is open.", "hint"));
    }

    // The letters of `word` left once those of `less` are taken out, or null if it lacks one.
    function minus(word, less) {
      const left = [...word];
      for (const c of less.toUpperCase()) { const i = left.indexOf(c); if (i < 0) return null; left.splice(i, 1); }
      return left.join("");
    }

    // Dictionary, Please!: each word of a play with what it does: a new word, or a capture (or a
    // change of one's own word) of a word on the table, or a double capture of two.
    function playsPicker(row, view, player) {
      const onTable = wordsOnTable(view);
      // A word of the player's own is lengthened (Defensive Play), an opponent's captured
      const taking = (w) => { const [owner, word] = w.split(":"); return owner === player ? `lengthening your ${word}` : `capturing ${owner}'s ${word}`; };
      const list = el("span", "", "plays"); const lines = [];
      const add = () => {
        const line = el("span", "", "play");
        const word = el("input"); word.placeholder = "a word"; word.size = 10;
        word.onkeydown = (e) => { if (e.key === "Enter") row.send(); };  // Enter records, as in every move's box
        // A capture uses every letter of the word captured: once a word is typed, the lists offer
        // only the words on the table its letters hold (a double capture: both words' letters); a
        // capture already chosen stays while the word is edited (the engine says what it lacks).
        const what = el("select"); const second = el("select");
        const typed = () => word.value.trim().toUpperCase();
        const fits = (w, less) => { const left = minus(typed(), less || ""); return !typed() || (left !== null && minus(left, w.split(":")[1]) !== null); };
        const firsts = () => {
          const kept = what.value; what.replaceChildren(Object.assign(el("option", "a new word"), { value: "" }));
          for (const w of onTable) if (fits(w) || w === kept) what.append(Object.assign(el("option", taking(w)), { value: w }));
          what.value = kept; if (what.selectedIndex < 0) what.value = "";
        };
        const seconds = () => {  // the double capture's second word: any other word on the table
          const kept = second.value; second.replaceChildren(Object.assign(el("option", "(one word)"), { value: "" }));
          for (const w of onTable) if (w !== what.value && (fits(w, what.value.split(":")[1]) || w === kept)) second.append(Object.assign(el("option", `and ${taking(w)}: a double capture`), { value: w }));
          second.value = kept !== what.value ? kept : ""; if (second.selectedIndex < 0) second.value = "";
        };
        firsts(); seconds();
        second.hidden = true; what.onchange = () => { second.hidden = !what.value; seconds(); };
        word.addEventListener("input", () => { firsts(); seconds(); second.hidden = !what.value; });
        line.append(word, what, second); list.append(line); lines.push({ word, what, second });
      };
      add();
      const more = el("button", "+ word", "small"); more.onclick = (e) => { e.preventDefault(); add(); };
      row.append(list, more);
      return () => lines.filter((l) => l.word.value.trim()).map((l) => {
        const taken = [l.what.value, l.second.value].filter(Boolean);
        return l.word.value.trim().toUpperCase() + (taken.length ? "<" + taken.join("+") : "");
      });
    }

    // Crossword Lexicon: the grid on the table with a ring of empty cells; tap a cell, then its
    // letter (with "master" ticked when a master card stands for it); tap a placed card to take it back.
    function gridPicker(row, view) {
      const cards = view.table.cells || [];
      const held = new Map(cards.map(([r, c, l]) => [`${r},${c}`, l]));
      const rows = cards.map((x) => x[0]), cols = cards.map((x) => x[1]);
      const [r0, r1] = rows.length ? [Math.min(...rows) - 2, Math.max(...rows) + 2] : [-3, 3];
      const [c0, c1] = cols.length ? [Math.min(...cols) - 2, Math.max(...cols) + 2] : [-3, 3];
      const placed = new Map(); let at = null;
      const grid = el("table", "", "grid-picker"); const wrap = el("div", "", "grid-wrap");
      const draw = () => {
        grid.replaceChildren();
        for (let r = r0; r <= r1; r++) {
          const tr = el("tr");
          for (let c = c0; c <= c1; c++) {
            const key = `${r},${c}`; const td = el("td");
            if (held.has(key)) { td.textContent = held.get(key).toUpperCase(); td.className = "held"; tr.append(td); continue; }
            const b = el("button", placed.get(key) ? placed.get(key).toUpperCase() : "", `cell${placed.has(key) ? " placed" : ""}${at === key ? " at" : ""}`);
            b.dataset.cell = key; b.title = key;
            b.onclick = (e) => { e.preventDefault(); if (placed.has(key)) { placed.delete(key); at = null; } else { at = key; } draw(); };
            td.append(b); tr.append(td);
          }
          grid.append(tr);
        }
      };
      const master = el("label", " master card "); const tick = el("input"); tick.type = "checkbox"; master.prepend(tick);
      const letters = el("span", "", "picker");
      for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
        const b = el("button", ch, "small letter-key");
        b.onclick = (e) => { e.preventDefault(); if (!at) { toast("tap an empty cell first", true); return; } placed.set(at, tick.checked ? ch.toLowerCase() : ch); at = null; draw(); };
        letters.append(b);
      }
      const how = el("p", "tap an empty square, then its letter; tap a placed card to take it back", "hint");
      draw(); wrap.append(how, grid, master, letters); row.append(wrap);
      return () => { if (!placed.size) throw new Error("tap a cell and its letter for each card placed"); return [...placed].map(([k, l]) => `${k},${l}`); };
    }

    // DICEWORDS: a face to tap on each die. A roll: every die; a reroll: the dice not held (held
    // dice keep their faces; tap a die on the table to hold it).
    function dicePicker(row, view, reroll) {
      const dice = view.table.dice || [];
      const chosen = dice.map((d) => (reroll ? d.face : ""));
      const grid = el("span", "", "dice-picker");
      dice.forEach((d, i) => {
        const col = el("span", "", `pick ${d.colour}`);
        col.append(el("small", d.colour));
        if (reroll && held.has(d.colour)) { col.append(el("b", `${d.face} held`, "kept")); grid.append(col); return; }
        for (const f of d.faces) {
          const b = el("button", f, "face");
          if (chosen[i] === f && !reroll) b.classList.add("chosen");
          b.onclick = (e) => { e.preventDefault(); chosen[i] = f; col.querySelectorAll("button").forEach((x) => x.classList.toggle("chosen", x === b)); };
          col.append(b);
        }
        grid.append(col);
      });
      row.append(grid);
      return () => {
        const missing = dice.filter((d, i) => !chosen[i]).map((d) => d.colour);
        if (missing.length) throw new Error(`tap a face on the ${missing.join(", ")} die`);
        return chosen.join("");
      };
    }

    // A part of the table that stopped or keeps failing (the camera, the buzzer box) is said on the
    // table itself, not only in the log.
    // A box that is still connecting (the page just opened it) is given a moment before the line
    // says so, and the table is read again then: an opening port does not flicker, and a box that
    // connected meanwhile is not called unconnected. The server says when a box connects or drops.
    const CONNECTING_GRACE_MS = 2000;
    let unconnectedSince = null, partsAgain = null;
    function renderParts(parts) {
      const line = $("#parts"); if (!line) return;
      const troubles = [];
      if (parts.camera && (!parts.camera.alive || parts.camera.error)) troubles.push(`camera: ${parts.camera.error || "stopped"}`);
      const b = parts.buzzers;
      clearTimeout(partsAgain);
      if (b && !b.connected && !(!b.alive || !b.link_alive || b.error)) {
        unconnectedSince ??= Date.now();
        const waited = Date.now() - unconnectedSince;
        if (waited >= CONNECTING_GRACE_MS) troubles.push(`buzzer box: not connected (${b.port})${b.waiting ? ": " + b.waiting : ""}`);
        else partsAgain = setTimeout(refresh, CONNECTING_GRACE_MS - waited);
      } else unconnectedSince = null;
      if (b && (!b.alive || !b.link_alive || b.error)) troubles.push(`buzzer box: ${b.error || "stopped"}`);
      line.textContent = troubles.join(" · "); line.hidden = !troubles.length;
    }

    // The letter games: the counters and the pool, the leader or dealer, the crib, the word being
    // built, the Plum; Anagrams' time from the call of Ready.
    let ticking = null;
    function renderFacts(table) {
      const box = $("#facts"); if (!box) return;
      box.replaceChildren(); box.hidden = !table.facts;
      if (!table.facts) return;
      const dl = el("dl");
      const shown = new Set(table.letters || []);  // the letters on the table: large, and wrapping on a phone
      const add = (k, v) => { dl.append(el("dt", k), el("dd", v, shown.has(k) ? "letters" : "")); };
      if (table.counters) add("Counters", Object.entries(table.counters).map(([p, n]) => `${p} ${n}`).join(" · ") + (table.pool_counters ? ` · pool ${table.pool_counters}` : ""));
      for (const [k, v] of table.facts) add(k, v);
      box.append(dl);
      clearInterval(ticking); ticking = null;
      const t = table.timer;
      const keyed = `wordtable-timer-${id}-`;
      if (!t || !t.running) {  // a clock stopped (or its start undone) starts afresh next time
        Object.keys(localStorage).filter((k) => k.startsWith(keyed)).forEach((k) => localStorage.removeItem(k));
      }
      if (t && t.running) {
        // from when the server stored the move that started it (every screen alike, one opened
        // late too), on this screen's clock; else from when this screen first saw it start
        const key = `${keyed}${t.since}`;
        const stored = t.started_at !== undefined ? clockBegan(t) : null;
        const began = stored ?? (Number(localStorage.getItem(key)) || Date.now()); localStorage.setItem(key, String(began));
        const clock = el("p", "", "big timer-now"); box.append(clock);
        const tick = () => {
          const left = Math.max(0, t.minutes * 60 - Math.floor((Date.now() - began) / 1000));
          clock.textContent = left ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left` : t.done || "Time: the leader calls Stop";
          clock.classList.toggle("bad", left === 0);
        };
        tick(); ticking = setInterval(tick, 1000);
      }
    }

    // DICEWORDS: the nine dice in their colours, each face with its value (assumed values marked;
    // the camera offers the value it reads on a die in the question box, #ask),
    // the rolls left and the race to the target; the best word and which dice to keep on one tap.
    function renderDice(table) {
      const box = $("#dice"); if (!box) return;
      box.hidden = !table.dice; if (!table.dice) return;
      box.replaceChildren();
      const row = el("div", "", "dice");
      const holding = table.rolled && table.rolls_left > 0;
      for (const d of table.dice) {
        const die = el(holding ? "button" : "span", "", `die ${d.colour}${held.has(d.colour) ? " held" : ""}`);
        die.title = `${d.colour} die (${d.faces})${d.source ? ": value " + d.source : ""}${holding ? " · tap to hold it for the reroll" : ""}`;
        die.dataset.colour = d.colour;
        die.append(el("b", d.face || "·"));
        if (d.value !== null) die.append(el("small", String(d.value) + (d.assumed ? "*" : "")));
        if (holding) die.onclick = () => { held.has(d.colour) ? held.delete(d.colour) : held.add(d.colour); heldChanged(table); };
        row.append(die);
      }
      box.append(row);
      const totals = Object.entries(table.totals || {}).map(([p, t]) => `${p} ${t}`).join(" · ");
      // whose roll, or who rolls next (the dice may still show the last roll); nobody's once it is over
      const next = !table.turn ? "" : table.shown ? `${table.turn} to roll (the dice still show the last roll)` : `${table.turn} to roll`;
      const line = table.rolled ? `${table.turn}'s roll: ${table.rolls_left} roll${table.rolls_left === 1 ? "" : "s"} left${holding ? ` · ${held.size ? `holding ${[...held].join(", ")}` : "tap the dice to hold"}` : ""}` : next;
      if (line) box.prepend(el("p", line, "hint"));
      box.append(el("p", `race to ${table.target}: ${totals}${table.final_round ? " · final round" : ""}`, "hint"));
      if (table.dice.some((d) => d.assumed)) box.append(el("p", "* an assumed value: the rule text does not print it; enter your set's values at the start, or take the value the camera reads on the dice", "hint"));
      if (table.rolled) {
        const b = el("button", "Best word and advice", "advice-button"); const out = el("p", "", "advice");
        const show = () => {
          if (!advised || advised.key !== heldFor) return;
          out.textContent = advised.text;
          if (advised.keep) {
            const hold = el("button", "Hold what the advice keeps", "small");
            hold.onclick = () => { held.clear(); advised.keep.forEach((c) => held.add(c)); heldChanged(table); };
            out.append(hold);
          }
        };
        b.onclick = async () => {
          out.textContent = "working it out (the first time builds the solver's tables: seconds, more on a busy machine)…";
          const asked = heldFor;
          const a = await api(`/sessions/${id}/advice`);
          const best = a.best.map((p) => `${p.word || "no word"} ${p.score}${p.wild ? ` (wild as ${p.wild.toUpperCase()})` : ""}`).join(", ");
          const reroll = table.dice.map((d) => d.colour).filter((c) => a.advice && !a.advice.keep.includes(c));
          advised = { key: asked, keep: a.advice ? a.advice.keep : null,
            text: `Best: ${best}.` + (a.advice ? ` Reroll ${reroll.join(", ") || "nothing"}, keep the rest: expected score ${a.advice.expected}.` : "") };
          show();
        };
        box.append(b, out); show();
      }
    }

    function renderCamera(read) {
      const img = $("#camera-frame"); if (!img) return;
      if (read.frames) { img.src = `/api/sessions/${id}/camera/frame.jpg?f=${read.frames}`; img.hidden = false; }
      $("#camera-status").textContent = read.error ? `camera: ${read.error}` : `frame ${read.frames || 0}${read.ms ? ` · read in ${read.ms} ms` : ""}${read.markers ? " · markers seen" : ""}`;
      const asked = $("#questions"); asked.replaceChildren();
      for (const q of read.questions || []) {
        const p = el("p", `Tile ${q.item}: `, "question");
        for (const letter of q.choices) { const b = el("button", letter); b.onclick = () => api(`/sessions/${id}/camera/answer`, { item: q.item, letter }).then(() => toast(`tile ${q.item} is ${letter}`)); p.append(b); }
        p.append(el("span", ` (${q.why})`, "hint")); asked.append(p);
      }
    }

    const word = $("#word");
    if (word) {
      let asked = 0;  // answers can come back out of order while typing: show only the latest
      const check = async () => {
        const mine = ++asked;
        if (!word.value.trim()) { $("#verdict").textContent = ""; return; }
        const q = new URLSearchParams({ word: word.value.trim(), game: name, session: id, from: $("#from").value, pool: $("#pool-letters").value });
        try {
          const a = await api("/check?" + q);
          if (mine !== asked) return;
          const gone = a.gone ? ` · not on the table now: ${a.gone.join(", ")} (a what-if)` : "";
          const take = a.take ? ` · ${a.take.legal ? "legal" : "not legal"}: ${a.take.reason}${gone}` : "";
          $("#verdict").textContent = `${a.word}: ${a.check.valid ? "valid" : "not valid"} (${a.check.reason})${take}`;
          $("#verdict").className = (a.take ? a.take.legal : a.check.valid) ? "good" : "bad";
          const sources = $("#from").value.split(",").map((w) => w.trim()).filter(Boolean);
          if (a.take && sources.length === 1 && a.check.valid) {  // the stem judge's verdict, overruled with one tap (a word only)
            for (const [label, allowed] of [["Overrule: allow this steal", true], ["Overrule: same stem, refuse it", false]]) {
              const b = el("button", label, "small");
              b.onclick = () => api(`/sessions/${id}/events`, { event: { type: "ruling", old: sources[0].toUpperCase(), new: a.word, allowed, note: "referee" } })
                .then(() => { toast(`ruling recorded: ${sources[0].toUpperCase()} -> ${a.word} ${allowed ? "allowed" : "refused"}`); check(); });
              $("#verdict").append(b);
            }
          }
        } catch (e) { /* shown by toast */ }
      };
      for (const input of ["#word", "#from", "#pool-letters"]) $(input).addEventListener("input", check);
      recheck = () => { if (word.value.trim()) check(); };
      $("#word-box").addEventListener("submit", (e) => { e.preventDefault(); check(); });
      $("#event-form").addEventListener("submit", async (e) => {
        e.preventDefault();
        const r = await api(`/sessions/${id}/events`, { text: $("#event-text").value });
        toast(`recorded event ${r.n}`); $("#event-text").value = "";
      });
      $("#undo").addEventListener("click", () => api(`/sessions/${id}/undo`, {}).then((r) => toast(`Undone: ${(r.undone_what || "the last event")}`)));
    }

    document.addEventListener("keydown", (e) => {  // Ctrl+Z (Cmd+Z): undo the last event
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.altKey) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !e.shiftKey) {
        e.preventDefault();
        api(`/sessions/${id}/undo`, {}).then((r) => toast(`Undone: ${r.undone_what || "the last event"}`));
        return;
      }
      if (e.ctrlKey || e.metaKey) return;
      // A-Z: the letter turned up, when exactly one move is a letter and nothing else (a draw); U
      // is a letter like the others (it once undid, and a U drawn was lost)
      const rows = [...document.querySelectorAll("#actions .action.letters-now")];
      if (/^[a-z]$/i.test(e.key) && rows.length === 1) rows[0].send({ letter: e.key.toUpperCase() });
      else if (/^[a-z]$/i.test(e.key) && rows.length > 1) toast("several draws are open: tap the letter on its row");
    });
    const buzz = (button) => api(`/sessions/${id}/press`, { button });
    document.querySelectorAll("button.buzz").forEach((b) => b.addEventListener("click", () => buzz(Number(b.dataset.button))));
    if ($("#buzz-buttons")) {
      renderBuzzersAgain = () => api(`/sessions/${id}/buzzers`).then(renderBuzzers).catch(() => {});
      api(`/sessions/${id}/buzzers`, {}).then(renderBuzzersAgain).catch(() => {});  // the game's box, or its simulator
      document.addEventListener("keydown", (e) => {
        if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
        const n = Number(e.key); if (n >= 1 && n <= document.querySelectorAll("button.buzz").length) buzz(n - 1);
      });
      $("#shout-form").addEventListener("submit", async (e) => {
        e.preventDefault();
        const r = await api(`/sessions/${id}/shout`, { player: $("#shout-player").value, word: $("#shout-word").value });
        toast(r.settled.map((s) => `${s.type} ${s.player || ""} ${s.word || ""}${s.reason ? ": " + s.reason : ""}`).join("; ") || (r.rock_paper_scissors.length ? `rock-paper-scissors: ${r.rock_paper_scissors.join(" v ")}` : "nothing recorded"));
        $("#shout-word").value = "";
      });
    }

    // The timers page's countdown: its end is kept by the browser, so leaving the page (to record
    // a move) and coming back finds it still running
    let timer = null;
    const timerKey = `wordtable-countdown-${id}`;
    const countDown = (end) => {
      clearInterval(timer);
      const tick = () => {
        const left = Math.max(0, end - Date.now());
        $("#timer").textContent = `${Math.floor(left / 60000)}:${String(Math.floor(left / 1000) % 60).padStart(2, "0")}`;
        if (!left) { clearInterval(timer); localStorage.removeItem(timerKey); bell(); }
      };
      tick(); timer = setInterval(tick, 250);
    };
    // With no countdown of its own started, the timers page shows the game's clock (an Anagrams
    // round from its call of Ready, a LEXICON party hand from its deal), as the table page does.
    let tableEnd = null;
    const followTableClock = (t) => {
      if (!$("#timer") || localStorage.getItem(timerKey)) return;
      if (!t || !t.running || t.started_at === undefined) {
        if (tableEnd !== null) { tableEnd = null; clearInterval(timer); $("#timer").textContent = "0:00"; }
        return;
      }
      const end = clockBegan(t) + t.minutes * 60000;
      if (tableEnd !== null && Math.abs(end - tableEnd) < 1500) return;  // the same clock: no jump
      tableEnd = end; countDown(end);
    };
    document.querySelectorAll("button[data-minutes]").forEach((b) => b.addEventListener("click", () => {
      const end = Date.now() + Number(b.dataset.minutes) * 60000;
      localStorage.setItem(timerKey, String(end)); countDown(end);
    }));
    if ($("#timer")) {
      const end = Number(localStorage.getItem(timerKey));
      if (end > Date.now()) countDown(end);
      else if (end) {  // the time ran out while this page was closed: say when, once
        $("#timer").textContent = `0:00 · time was up at ${new Date(end).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
        localStorage.removeItem(timerKey);
      }
    }
    if ($("#timer-stop")) $("#timer-stop").onclick = () => { clearInterval(timer); localStorage.removeItem(timerKey); $("#timer").textContent = "0:00"; };

    // One live stream per open page. A page left for another is closed (a browser keeps only six
    // connections to a server, and its back-forward cache would keep the streams of old pages);
    // coming back reopens it and catches up from the last event seen.
    let live = null;
    const connect = () => {
      live = new EventSource(`/api/sessions/${id}/stream?after=${last}`);
      live.addEventListener("open", () => { $("#live").classList.add("on"); offline(false); });
      live.addEventListener("error", () => { $("#live").classList.remove("on"); if (live.readyState !== EventSource.OPEN) { offline(true); probe(); } });
      live.addEventListener("events", (m) => {
        const now = Date.now();
        for (const e of JSON.parse(m.data)) {
          if (e.n > last) { history.push(e); last = e.n; arrivals[e.n] = now; }
        }
        window.wordtableLast = last;
        renderHistory(); refresh();
      });
      live.addEventListener("buzzers", (m) => renderBuzzers(JSON.parse(m.data)));
      live.addEventListener("camera", (m) => renderCamera(JSON.parse(m.data)));
      live.addEventListener("table", () => refresh());
    };
    const arrivals = window.wordtableArrivals = {};
    onBack = () => { refresh(); if (live && live.readyState === EventSource.CLOSED) connect(); };
    window.addEventListener("pagehide", () => { if (live) live.close(); });
    window.addEventListener("pageshow", (e) => { if (e.persisted) connect(); });
    connect();
    api(`/sessions/${id}/camera`).then((c) => { if (c.running) renderCamera(c); });
    refresh();
  }

  function bell() {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    [0, 0.4, 0.8].forEach((t) => {
      const o = audio.createOscillator(); const g = audio.createGain();
      o.frequency.value = 880; g.gain.setValueAtTime(0.4, audio.currentTime + t); g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + t + 0.35);
      o.connect(g).connect(audio.destination); o.start(audio.currentTime + t); o.stop(audio.currentTime + t + 0.4);
    });
    toast("Time!");
  }

  return { home, dictionary, game, api, toast };
})();
