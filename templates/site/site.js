/* playaid at the table: the language switch, a chart's lookup and dice, the rules search, the
   glossary filter, and the service worker that keeps the site for use offline.
   No word lives here: everything a page says is in its HTML, from the content or the catalog. */
(function () {
  "use strict";

  const STORE = "playaid.lang";
  const MODES = ["en", "ja", "both"];
  const root = document.documentElement;
  const script = document.currentScript;
  const base = script ? new URL(".", script.src) : null;
  const titles = {};

  /* The language the device remembers; the first time, the device's own language. */
  function remembered() {
    try {
      const mode = window.localStorage.getItem(STORE);
      if (MODES.includes(mode)) return mode;
    } catch (error) {
      /* storage refused (a private window): the device's language, not remembered */
    }
    return /^ja\b/i.test(navigator.language || "") ? "ja" : "en";
  }

  /* Show one language or both: passages of the other are hidden by the style sheet. */
  function apply(mode) {
    root.setAttribute("data-lang", mode);
    root.lang = mode === "ja" ? "ja" : "en";
    const title = document.querySelector("title");
    if (title) {
      if (!("both" in titles)) {
        titles.both = title.textContent;
        titles.en = title.getAttribute("data-en") || titles.both;
        titles.ja = title.getAttribute("data-ja") || titles.both;
      }
      document.title = titles[mode];
    }
    for (const button of document.querySelectorAll("[data-set-lang]")) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-set-lang") === mode));
    }
  }

  function choose(mode) {
    try {
      window.localStorage.setItem(STORE, mode);
    } catch (error) {
      /* not remembered, still shown */
    }
    apply(mode);
  }

  apply(remembered());

  /* Texts compared as a player means them: case, full-width and half-width forms ignored
     (NFKC, then lower case), each folded character remembering where it came from. */
  function fold(text) {
    let folded = "";
    const at = [];
    let index = 0;
    while (index < text.length) {
      let end = index + (text.codePointAt(index) > 0xffff ? 2 : 1);
      while (end < text.length && /[\p{M}\uff9e\uff9f]/u.test(text[end])) end += 1;
      const piece = text.slice(index, end).normalize("NFKC").toLowerCase();
      for (let count = 0; count < piece.length; count += 1) at.push(index);
      folded += piece;
      index = end;
    }
    at.push(text.length);
    return { text: folded, at: at };
  }

  function foldQuery(text) {
    return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  }

  function slugify(value) {
    return String(value).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }

  /* Rolls: the browser's random source, or a repeatable one when the address says ?seed=N. */
  function randomSource(seed) {
    if (seed !== null && /^[0-9]{1,15}$/.test(seed)) {
      let state = Number(seed) >>> 0;
      return function () {
        state = (state + 0x6d2b79f5) >>> 0;
        let value = state;
        value = Math.imul(value ^ (value >>> 15), value | 1);
        value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
        return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
      };
    }
    return function () {
      return window.crypto.getRandomValues(new Uint32Array(1))[0] / 4294967296;
    };
  }

  function inRange(range, value) {
    const [low, high = low] = range.split("-").map(Number);
    const roll = Number(value);
    return roll >= low && roll <= high;
  }

  /* A chart: keys chosen (or read from the address as `playaid lookup` reads them), the cell
     they name shown, its row highlighted; the roll button rolls the table's die. */
  function chart() {
    const form = document.querySelector("form.keys");
    const source = document.getElementById("chart-data");
    if (!form || !source) return;
    const data = JSON.parse(source.textContent);
    const answers = Array.from(document.querySelectorAll(".answer[data-index]"));
    const none = document.querySelector(".answer.none");
    const args = document.querySelector(".command .args");
    const rolled = document.querySelector(".rolled");
    const params = new URLSearchParams(window.location.search);
    const random = randomSource(params.get("seed"));
    const dieAxis = data.axes.find((axis) => axis.die);

    function radio(key, value) {
      return form.querySelector(`input[name="${key}"][value="${CSS.escape(value)}"]`);
    }

    function match(axis, raw) {
      if (axis.die) {
        const roll = String(raw).trim();
        return /^[0-9]{1,15}$/.test(roll) && Number(roll) >= axis.low && Number(roll) <= axis.high
          ? String(Number(roll))
          : null;
      }
      const wanted = slugify(raw);
      const written = String(raw).trim();
      for (const choice of axis.choices) {
        if (choice.names.some((name) => slugify(name) === wanted)) return choice.slug;
      }
      for (const choice of axis.choices) {
        if ((wanted && choice.labels.includes(wanted)) || (written && choice.ja.includes(written))) {
          return choice.slug;
        }
      }
      return null;
    }

    for (const axis of data.axes) {
      for (const [name, raw] of params) {
        if (slugify(name) !== axis.key) continue;
        const value = match(axis, raw);
        const input = value === null ? null : radio(axis.key, value);
        if (input) input.checked = true;
      }
    }

    function chosen() {
      const keys = {};
      for (const axis of data.axes) {
        const input = form.querySelector(`input[name="${axis.key}"]:checked`);
        if (input) keys[axis.key] = input.value;
      }
      return keys;
    }

    function holds(answer, key, value) {
      const here = answer.getAttribute(`data-key-${key}`);
      if (dieAxis && key === dieAxis.key) return inRange(here, value);
      return here === value;
    }

    function show() {
      const keys = chosen();
      const complete = data.axes.every((axis) => axis.key in keys);
      let found = null;
      for (const answer of answers) {
        const here = complete && Object.entries(keys).every(([key, value]) => holds(answer, key, value));
        answer.hidden = !here || found !== null;
        if (here && found === null) found = answer;
      }
      none.hidden = found !== null;
      args.textContent = Object.entries(keys).map(([key, value]) => ` ${key}=${value}`).join("");
      for (const element of document.querySelectorAll(".hit, .hit-row")) {
        element.classList.remove("hit", "hit-row");
      }
      if (found === null) return;
      const index = found.getAttribute("data-index");
      for (const cell of document.querySelectorAll(`td[data-index="${index}"]`)) {
        const row = cell.parentElement;
        const die = row.getAttribute("data-die");
        if (dieAxis && die !== null && !inRange(die, keys[dieAxis.key])) continue;
        cell.classList.add("hit");
        row.classList.add("hit-row");
      }
    }

    function roll() {
      const dice = [];
      for (let count = 0; count < dieAxis.dice; count += 1) {
        const [low, high] = dieAxis.faces;
        dice.push(low + Math.floor(random() * (high - low + 1)));
      }
      const total = dice.reduce((sum, face) => sum + face, 0);
      const input = radio(dieAxis.key, String(total));
      if (input) input.checked = true;
      const shown = dice.length > 1 ? `${dice.join(" + ")} = ${total}` : String(total);
      const output = rolled.querySelector(".dice");
      output.textContent = shown;
      output.setAttribute("data-total", String(total));
      rolled.hidden = false;
      show();
    }

    form.addEventListener("change", () => {
      if (rolled) rolled.hidden = true;
      show();
    });
    form.addEventListener("submit", (event) => event.preventDefault());
    const button = form.querySelector("button.roll");
    if (button && dieAxis) button.addEventListener("click", roll);
    show();
  }

  /* Text with one gap wherever Japanese meets Latin letters or digits, as on every page the
     site and the PDFs print (generator/typeset): an empty span with a margin, a space between
     them taken into it. Brackets and punctuation get none. */
  const MEETING =
    /(?:[\u3005\u3006\u3041-\u3096\u309d-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f] *(?=[A-Za-z0-9])|[A-Za-z0-9] *(?=[\u3005\u3006\u3041-\u3096\u309d-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]))/g;

  function spaced(text) {
    const fragment = document.createDocumentFragment();
    let position = 0;
    for (const match of text.matchAll(MEETING)) {
      fragment.append(text.slice(position, match.index + 1));
      const gap = document.createElement("span");
      gap.className = "ja-gap";
      fragment.append(gap);
      position = match.index + match[0].length;
    }
    fragment.append(text.slice(position));
    return fragment;
  }

  /* The rules search: by number (`15.41`, `[15.41]`, `cf.15.41`) or by words of either
     language, as the player types. */
  function search() {
    const input = document.getElementById("q");
    const source = document.getElementById("search-data");
    if (!input || !source) return;
    const cases = JSON.parse(source.textContent);
    const list = document.querySelector("ol.results");
    const found = document.querySelector(".found");
    const count = found.querySelector(".count");
    const nothing = document.querySelector(".nothing");
    let prepared = null;

    function prepare() {
      prepared = cases.map((entry) => ({
        entry: entry,
        id: entry.id.toLowerCase(),
        number: entry.number ? foldQuery(entry.number) : "",
        title: { en: fold(entry.title.en), ja: fold(entry.title.ja) },
        text: { en: fold(entry.text.en), ja: fold(entry.text.ja) },
      }));
    }

    function rank(item, query, number) {
      if (number && (item.number === number || item.id === query)) return [0, null];
      if (number && (item.number.startsWith(number) || item.id.endsWith(`.${number}`))) return [1, null];
      if (item.id === query) return [0, null];
      const mode = root.getAttribute("data-lang");
      const order = mode === "ja" ? ["ja", "en"] : ["en", "ja"];
      for (const lang of order) {
        if (item.title[lang].text.includes(query)) return [2, null];
      }
      for (const lang of order) {
        const at = item.text[lang].text.indexOf(query);
        if (at >= 0) return [3, { lang: lang, at: at }];
      }
      return null;
    }

    function span(text, lang, tagged) {
      const element = document.createElement("span");
      element.lang = lang;
      if (tagged) element.className = `l-${lang}`;
      element.append(spaced(text));
      return element;
    }

    /* A text in both languages, tagged for the switch (one span when they read the same). */
    function both(texts) {
      const fragment = document.createDocumentFragment();
      if (texts.en === texts.ja) {
        fragment.append(span(texts.en, /[\u3040-\u30ff\u4e00-\u9fff]/.test(texts.en) ? "ja" : "en", false));
        return fragment;
      }
      const separator = document.createElement("span");
      separator.className = "sep";
      separator.textContent = " / ";
      fragment.append(span(texts.en, "en", true), separator, span(texts.ja, "ja", true));
      return fragment;
    }

    function snippet(item, where, length) {
      const folded = item.text[where.lang];
      const original = item.entry.text[where.lang];
      const start = folded.at[where.at];
      const end = folded.at[Math.min(where.at + length, folded.at.length - 1)];
      const from = Math.max(0, start - 40);
      const to = Math.min(original.length, end + 80);
      const paragraph = document.createElement("p");
      paragraph.className = "snippet";
      paragraph.lang = where.lang;
      paragraph.append(spaced((from > 0 ? "…" : "") + original.slice(from, start)));
      const mark = document.createElement("mark");
      mark.append(spaced(original.slice(start, end)));
      paragraph.append(mark, spaced(original.slice(end, to) + (to < original.length ? "…" : "")));
      return paragraph;
    }

    function run() {
      const query = foldQuery(input.value);
      list.replaceChildren();
      if (!query) {
        found.hidden = true;
        nothing.hidden = true;
        return;
      }
      if (prepared === null) prepare();
      const bare = query.replace(/^\[(.*)\]$/, "$1");
      const number = /^[0-9][0-9.]*[a-z]?$/.test(bare) ? bare : "";
      const hits = [];
      prepared.forEach((item, position) => {
        const ranked = rank(item, query, number);
        if (ranked) hits.push({ item: item, rank: ranked[0], where: ranked[1], position: position });
      });
      hits.sort((a, b) => a.rank - b.rank || a.position - b.position);
      count.textContent = String(hits.length);
      found.hidden = hits.length === 0;
      nothing.hidden = hits.length > 0;
      for (const hit of hits.slice(0, 100)) {
        const entry = hit.item.entry;
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = entry.href;
        link.setAttribute("data-case", entry.id);
        if (entry.number) {
          const number = document.createElement("span");
          number.className = "number";
          number.textContent = entry.label || `[${entry.number}]`; /* [16.21] (2/3) */
          link.append(number, " ");
        }
        if (entry.title.en || entry.title.ja) {
          link.append(both(entry.title));
        } else if (!entry.number) {
          link.append(span(entry.id, "en", false));
        }
        const system = document.createElement("span");
        system.className = "system";
        system.append(both(entry.system));
        item.append(link, system);
        if (hit.where) item.append(snippet(hit.item, hit.where, query.length));
        list.append(item);
      }
    }

    const params = new URLSearchParams(window.location.search);
    if (params.get("q")) input.value = params.get("q");
    input.addEventListener("input", () => {
      run();
      try {
        const address = new URL(window.location.href);
        address.searchParams.set("q", input.value);
        window.history.replaceState(null, "", address);
      } catch (error) {
        /* the address stays as it was */
      }
    });
    input.form.addEventListener("submit", (event) => {
      event.preventDefault();
      run();
    });
    run();
  }

  /* The glossary: terms whose English, Japanese or note hold what is typed. */
  function glossary() {
    const input = document.getElementById("filter");
    if (!input) return;
    const terms = Array.from(document.querySelectorAll(".term")).map((term) => ({
      element: term,
      text: fold(term.textContent).text,
    }));
    const nothing = document.querySelector(".nothing");
    function run() {
      const query = foldQuery(input.value);
      let shown = 0;
      for (const term of terms) {
        term.element.hidden = query !== "" && !term.text.includes(query);
        if (!term.element.hidden) shown += 1;
      }
      nothing.hidden = shown > 0;
    }
    input.addEventListener("input", run);
    input.form.addEventListener("submit", (event) => event.preventDefault());
    run();
  }

  document.addEventListener("DOMContentLoaded", () => {
    apply(root.getAttribute("data-lang") || remembered());
    for (const button of document.querySelectorAll("[data-set-lang]")) {
      button.addEventListener("click", () => choose(button.getAttribute("data-set-lang")));
    }
    const page = document.body.getAttribute("data-page");
    if (page === "chart") chart();
    if (page === "search") search();
    if (page === "glossary") glossary();
  });

  /* Served over HTTPS or on localhost, keep every file for use offline (a page opened from a
     file has no service worker). */
  if ("serviceWorker" in navigator && base && /^https?:$/.test(window.location.protocol)) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register(new URL("sw.js", base)).catch(() => {});
    });
  }
})();
