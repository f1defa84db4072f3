// wordtable club view: an evening's tables, the bell, the score cards, the Steward, the standings.
// No build step; the page asks the server for the evening every two seconds.
"use strict";
const club = (() => {
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
  // The dashboard's own calls (app.js): refusals said with their rule, the offline banner when the server is gone.
  const toast = wordtable.toast;
  const api = (path, body) => wordtable.api("/evenings" + path, body);

  // -- the start form -------------------------------------------------------------------------
  function home() {
    const select = $("#table-game");
    fetch("/api/games").then((r) => r.json()).then((data) => {
      for (const g of data.games) {
        if (g.game === "lexicon" && g.variant === "party") continue;
        const o = el("option", g.title); o.value = `${g.game}/${g.variant || ""}`; select.append(o);
      }
    });
    const party = () => select.value === "lexicon/party";
    select.addEventListener("change", () => { $("#party-fields").hidden = !party(); $("#seats-field").hidden = party(); });
    $("#evening-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const form = new FormData(e.target);
      const [game, variant] = select.value.split("/");
      const setup = { name: form.get("name"), players: form.get("players"), table_game: game, variant: variant || null };
      if (party()) {
        if (form.get("hand_minutes")) setup.hand_minutes = Number(form.get("hand_minutes"));
        setup.hand_winner = form.get("hand_winner");
      } else {
        setup.seats = Number(form.get("seats"));
      }
      try {
        const evening = await api("", setup);
        location.href = `/club/${evening.id}`;
      } catch (error) { $("#evening-error").textContent = error.message; }
    });
  }

  // -- an evening -------------------------------------------------------------------------------
  function evening(id, page) {
    let view = null;
    const post = async (path, body) => { view = await api(`/${id}${path}`, body || {}); render(); return view; };
    const tap = (button, path, body, done) => button.addEventListener("click", async () => {
      button.disabled = true;
      try { const v = await post(path, body); if (done) done(v); } catch (error) { /* the toast says why */ } finally { button.disabled = false; }
    });
    const button = (label, path, body, cls) => { const b = el("button", label, cls || "small"); tap(b, path, typeof body === "function" ? body() : body); return b; };

    tap($("#deal"), "/deal", {}, (v) => localStorage.setItem(`club-${id}-hand-${v.hand}`, String(Date.now())));
    tap($("#bell"), "/bell", {}, (v) => toast(v.stopped.length ? `The bell stopped table${v.stopped.length > 1 ? "s" : ""} ${v.stopped.join(", ")}` : "The bell: every table had finished"));
    tap($("#mark"), "/mark", {}, (v) => toast(v.marked.length ? `Score cards marked at table${v.marked.length > 1 ? "s" : ""} ${v.marked.join(", ")}` : "No table has shown its cards yet"));
    tap($("#move"), "/move");
    $("#end").addEventListener("click", async () => {
      if (!confirm("End the party? The standings become final.")) return;
      try { await post("/end"); } catch (error) { /* the toast says why */ }
    });
    const form = $("#call-form");
    if (form) {
      $("#call-table").addEventListener("change", () => fillChallengers());
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        try {
          await post("/call", { table: Number($("#call-table").value), player: $("#call-player").value, word: $("#call-word").value.trim() });
          $("#call-word").value = "";
        } catch (error) { /* the toast says why */ }
      });
    }

    function fillChallengers() {
      const table = view.tables.find((t) => String(t.table) === $("#call-table").value) || view.tables[0];
      const chosen = $("#call-player").value;
      $("#call-player").replaceChildren(...table.seats.map((p) => { const o = el("option", p); o.value = p; return o; }));
      if (table.seats.includes(chosen)) $("#call-player").value = chosen;
    }

    const lines = () => view.cards;
    const tablesMarked = () => new Set(lines().map((l) => l.table));
    const winnerOf = (t) => view.winners[String(t)];
    const nextTable = (t) => (t % view.tables.length) + 1;

    // What the Steward or the host does next, in words, and only the buttons that do it.
    function next() {
      const n = view.tables.length, hand = view.hand;
      const show = (ids) => { for (const b of ["deal", "bell", "mark", "move", "end"]) $(`#${b}`).hidden = !ids.includes(b); };
      if (view.phase === "over") { show([]); return "The party has ended: the standings are final."; }
      if (view.phase === "seated") {
        show(hand ? ["deal", "end"] : ["deal"]);
        $("#deal").textContent = `Deal hand ${hand + 1}`;
        return hand === 0 ? `${view.players.length} players seated at ${n} table${n > 1 ? "s" : ""}. Next: deal hand 1 (each table cuts for dealer, "A" high).`
          : `The winners have moved. Next: deal hand ${hand + 1}; each table's arriving winner shuffles and deals.`;
      }
      const marked = tablesMarked();
      const over = view.tables.filter((t) => t.over && !marked.has(t.table));
      const stage = (...stages) => view.tables.filter((t) => stages.includes(t.stage)).map((t) => t.table);
      const tables = (list) => `table${list.length > 1 ? "s" : ""} ${list.join(", ")}`;
      const playing = stage("playing"), starting = stage("cut", "deal"), showing = stage("showing");
      if (playing.length || starting.length || showing.length) {
        show(over.length ? (view.bell || !playing.length ? ["mark"] : ["bell", "mark"]) : (view.bell || !playing.length ? [] : ["bell"]));
        const parts = [];
        if (starting.length) parts.push(`${tables(starting)} cutting or dealing`);
        if (playing.length) parts.push(`${tables(playing)} playing`);
        if (showing.length) parts.push(`${tables(showing)}: show the cards left on the table's page`);
        if (over.length) parts.push(`${tables(over.map((t) => t.table))}: mark the score cards`);
        const bell = playing.length && !view.bell ? ` Ring the bell at ${view.hand_minutes || 7} minutes.` : "";
        return `Hand ${hand}: ${parts.join("; ")}.${bell}`;
      }
      if (over.length) { show(["mark"]); return `Every table has finished hand ${hand}. Next: mark the score cards.`; }
      const disputed = lines().filter((l) => l.verdict === "disputed" && !l.corrected);
      const waiting = lines().filter((l) => !l.checked && l.verdict !== "disputed");
      if (disputed.length || waiting.length) {
        show([]);
        const parts = [];
        if (waiting.length) parts.push(`${waiting.length} score${waiting.length > 1 ? "s" : ""} to check by the player on the left`);
        if (disputed.length) parts.push(`${disputed.length} disputed: the Steward marks the figure`);
        return `Hand ${hand} marked. Next: ${parts.join("; ")}.`;
      }
      show(["move", "end"]);
      const moves = view.tables.map((t) => `${winnerOf(t.table)} ${t.table} → ${nextTable(t.table)}`).join(", ");
      return `Every score is checked. Next: move the winners (${moves}).`;
    }

    function renderTables() {
      const box = $("#tables"); if (!box) return;
      const marked = tablesMarked();
      box.replaceChildren(...view.tables.map((t) => {
        const card = el("section", undefined, "card club-table");
        const head = el("h2", `Table ${t.table}`); head.append(el("small", ` · Steward ${t.steward}`));
        const status = el("p", t.status, "status" + (t.over && !marked.has(t.table) ? " due" : ""));
        card.append(head, status);
        const seats = el("table", undefined, "seats");
        const header = el("tr"); for (const h of ["Seat", "Player", "Cards", "Points"]) header.append(el("th", h)); seats.append(header);
        const scores = Object.fromEntries((t.scores || []).map((s) => [s.player, s.score]));
        t.seats.forEach((p, i) => {
          const row = el("tr"); if (t.turn === p && !t.over) row.className = "turn";
          const who = el("td", p);
          if ((t.dealer || view.tables[t.table - 1].dealer) === p) who.append(el("span", " deals", "tag"));
          if (t.turn === p && !t.over) who.append(el("span", " to play", "tag go"));
          if (marked.has(t.table) && winnerOf(t.table) === p) who.append(el("span", ` wins → table ${nextTable(t.table)}`, "tag win"));
          const fine = (t.fines || {})[p];
          const points = el("td", scores[p] !== undefined ? String(scores[p]) : "—"); if (fine) points.append(el("span", ` (fined ${fine})`, "penalty"));
          row.append(el("td", String(i + 1)), who, el("td", t.hands && t.hands[p] !== undefined ? String(t.hands[p]) : "—"), points);
          seats.append(row);
        });
        card.append(seats, el("p", "Cards held now; points this hand, the Steward's 50s included.", "hint"));
        if (t.words && t.words.length) card.append(el("p", `On the table: ${t.words.map((w) => w.toUpperCase()).join(" · ")}`, "hint"));
        const actions = el("div", undefined, "row");
        if (t.game) { const a = el("a", `Open table ${t.table}'s game`, "open"); a.href = `/game/${t.game}/table`; actions.append(a); }
        if (t.over && !marked.has(t.table)) actions.append(button(`Mark table ${t.table}'s cards`, "/mark", { table: t.table }, "small"));
        card.append(actions);
        return card;
      }));
    }

    function renderCards() {
      const box = $("#cards"); if (!box) return;
      $("#cards-card").hidden = !lines().length;
      $("#cards-hand").textContent = String(view.hand);
      const byTable = {};
      for (const l of lines()) (byTable[l.table] = byTable[l.table] || []).push(l);
      box.replaceChildren(...Object.keys(byTable).map((table) => {
        const part = el("div", undefined, "score-card");
        part.append(el("h3", `Table ${table}` + (winnerOf(table) ? ` · ${winnerOf(table)} wins, moves to table ${nextTable(Number(table))}` : "")));
        const grid = el("table");
        const header = el("tr"); for (const h of ["Player", "Cards left", "Fine", "Total", "Checked by the player on the left"]) header.append(el("th", h)); grid.append(header);
        for (const l of byTable[table]) {
          const row = el("tr");
          const check = el("td");
          if (l.corrected) check.append(el("span", `marked by the Steward`, "good"));
          else if (l.verdict === "confirmed") check.append(el("span", `✓ ${l.checker}`, "good"));
          else if (l.verdict === "disputed") check.append(el("span", `${l.checker} disputes: the Steward marks it`, "penalty"));
          else if (view.phase === "playing") {
            check.append(el("span", `${l.checker} checks: `));
            check.append(button("Confirm", "/check", { player: l.player, by: l.checker, verdict: "confirmed" }, "small ok"));
            check.append(button("Dispute", "/check", { player: l.player, by: l.checker, verdict: "disputed" }, "small quiet"));
          } else check.append(el("span", "not checked"));
          row.append(el("td", l.player + (l.out ? " (ran out)" : "")), el("td", String(l.cards)), el("td", l.fine ? String(l.fine) : ""), el("td", String(l.total)), check);
          grid.append(row);
        }
        part.append(grid);
        return part;
      }));
    }

    function renderSteward() {
      const box = $("#steward"); if (!box) return;
      if ($("#call-table").options.length !== view.tables.length) {
        $("#call-table").replaceChildren(...view.tables.map((t) => { const o = el("option", `Table ${t.table}`); o.value = String(t.table); return o; }));
      }
      fillChallengers();
      const groups = {};
      for (const t of view.tables) (groups[t.steward] = groups[t.steward] || []).push(t);
      box.replaceChildren(...Object.entries(groups).map(([steward, tables]) => {
        const part = el("div", undefined, "steward");
        const numbers = tables.map((t) => t.table);
        part.append(el("h3", `Steward ${steward} · table${numbers.length > 1 ? "s" : ""} ${numbers[0]}${numbers.length > 1 ? "-" + numbers[numbers.length - 1] : ""}`));
        const open = view.calls.filter((c) => c.steward === Number(steward) && c.ruling === null);
        const disputed = lines().filter((l) => numbers.includes(l.table) && l.verdict === "disputed" && !l.corrected);
        if (!open.length && !disputed.length) part.append(el("p", "Nothing to settle.", "hint"));
        for (const c of open) {
          const row = el("div", undefined, "call");
          const verdict = c.in_dictionary === undefined ? "" : c.in_dictionary ? " · the dictionary has it" : " · not in the dictionary";
          row.append(el("b", `Table ${c.table}: ${c.player} challenges ${c.word}`), el("span", verdict, c.in_dictionary ? "good" : "penalty"));
          const buttons = el("div", undefined, "row");
          if (c.in_dictionary === false) {
            buttons.append(button("Wrong word: fine 50", "/settle", { call: c.call, ruling: "wrong" }, "small bad-button"));
            buttons.append(button("Misspelt: cards back, no fine", "/settle", { call: c.call, ruling: "spelling" }, "small"));
          }
          buttons.append(button("The word stands", "/settle", { call: c.call, ruling: "stands" }, "small ok"));
          row.append(buttons);
          part.append(row);
        }
        for (const l of disputed) {
          const row = el("form", undefined, "call row");
          row.append(el("b", `Table ${l.table}: ${l.checker} disputes ${l.player}'s ${l.cards}`));
          const input = el("input"); input.type = "number"; input.min = "0"; input.value = String(l.cards); input.setAttribute("aria-label", `${l.player}'s cards left`);
          const mark = el("button", "Mark the figure", "small");
          row.append(input, mark);
          row.addEventListener("submit", async (e) => { e.preventDefault(); try { await post("/correct", { player: l.player, cards: Number(input.value) }); } catch (error) { /* toast */ } });
          part.append(row);
        }
        const fines = tables.filter((t) => t.fines && Object.keys(t.fines).length);
        for (const t of fines) part.append(el("p", `Table ${t.table} fines this hand: ${Object.entries(t.fines).map(([p, n]) => `${p} ${n}`).join(", ")}`, "penalty"));
        const settled = view.calls.filter((c) => c.steward === Number(steward) && c.ruling !== null);
        if (settled.length) part.append(el("p", "Settled: " + settled.map((c) => `table ${c.table} ${c.word} (${c.ruling === "wrong" ? "fined 50" : c.ruling === "spelling" ? "misspelt" : "stands"})`).join(" · "), "hint"));
        return part;
      }));
    }

    function renderStandings() {
      const box = $("#standings"); if (!box) return;
      $("#standings-hint").textContent = view.lowest_wins ? "Party rule 6: the lowest total at the end of the party wins." : "The highest total wins.";
      const header = el("tr");
      const hands = Math.max(0, ...view.standings.map((r) => r.hands.length));
      const scored = view.standings.some((r) => r.hands.some((h) => h !== null));
      for (const h of ["Place", "Player", ...Array.from({ length: hands }, (_, i) => `Hand ${i + 1}`), "Total", "Table"]) header.append(el("th", h));
      box.replaceChildren(header, ...view.standings.map((r) => {
        const row = el("tr"); if (r.place === 1 && scored) row.className = "leader";
        row.append(el("td", String(r.place)), el("td", r.player), ...r.hands.map((h) => el("td", h === null ? "" : String(h))), el("td", String(r.total), "total"), el("td", String(r.table)));
        return row;
      }));
      const moves = view.moves.filter((m) => m.hand === Math.max(...view.moves.map((x) => x.hand)));
      $("#moves").textContent = moves.length ? `Moved after hand ${moves[0].hand}: ` + moves.map((m) => `${m.player} ${m.from} → ${m.to}`).join(", ") : "";
    }

    function renderTimer() {
      const t = $("#timer");
      const started = Number(localStorage.getItem(`club-${id}-hand-${view.hand}`) || 0);
      if (view.phase !== "playing" || view.bell || !started || !view.party) { t.hidden = true; return; }
      const left = Math.round((started + (view.hand_minutes || 7) * 60000 - Date.now()) / 1000);
      t.hidden = false;
      t.className = left <= 0 ? "penalty" : "hint";
      t.textContent = left <= 0 ? "Time: ring the bell." : `Bell due in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} (this screen's clock, from the deal).`;
    }

    function render() {
      if (!view) return;
      const gameTitle = view.party ? "LEXICON party play" : view.table_game;
      $("#subtitle").textContent = `${gameTitle} · ${view.tables.length} table${view.tables.length > 1 ? "s" : ""} · ${view.hand ? `hand ${view.hand}` : "before the first hand"}${view.bell ? " · bell rung" : ""}`;
      $("#next").textContent = next();
      const result = $("#result");
      result.hidden = view.phase !== "over";
      if (view.phase === "over" && view.standings.length) {
        const top = view.standings.filter((r) => r.place === 1);
        result.textContent = `${top.map((r) => r.player).join(" and ")} win${top.length > 1 ? "" : "s"} the party with ${top[0].total} (${view.lowest_wins ? "the lowest" : "the highest"} total)`;
      }
      renderTables(); renderCards(); renderSteward(); renderStandings(); renderTimer();
    }

    async function refresh() {
      // Not while a box is being filled in: the next answer would wipe it.
      if (document.hidden || ["INPUT", "SELECT", "TEXTAREA"].includes((document.activeElement || {}).tagName)) return;
      try { view = await api(`/${id}`); render(); } catch (error) { /* shown */ }
    }
    refresh();
    setInterval(refresh, 2000);
    setInterval(() => { if (view) renderTimer(); }, 1000);
  }

  return { home, evening, api };
})();
