// The Slip designer: plain JavaScript, no framework, no network but the service that served it.
// Every edit renders through POST /render (debounced); responses carry a sequence number so an
// older answer that arrives late never replaces a newer one.
"use strict";

const $ = (id) => document.getElementById(id);
// Past this size the editors stop colouring and marking (a 10 MB paste stays typeable).
const HIGHLIGHT_LIMIT = 200000;
const DEBOUNCE_MS = 150;
const SOURCE_FILE = "source.slip";
const DATA_FILE = "data.json";

const state = {
  edit: false,
  name: null,
  saved: null,
  bodyBytes: 1048576,
  printers: [],
  files: [],
  sequence: 0,
  applied: 0,
  timer: null,
  diagnostics: [],
  job: null,
  events: null,
};

// MARK: Escaping and tokens

function escapeHTML(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function span(kind, text) {
  return text ? `<span class="tok-${kind}">${escapeHTML(text)}</span>` : "";
}

const STATEMENTS = new Set(("receipt label for in if else end set table columns column include barcode " +
  "feed text row rule cut drawer image qr box line circle ellipse").split(" "));

// One line of Slip, coloured after the scopes of grammar/slip.tmLanguage.json: statements,
// strings with their {{ expressions }}, options (name=), numbers, comments and cell bars.
function highlightSlipLine(line) {
  let out = "";
  let i = 0;
  const lead = /^\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(line);
  if (lead && STATEMENTS.has(lead[1])) {
    out += escapeHTML(line.slice(0, lead[0].length - lead[1].length)) + span("keyword", lead[1]);
    i = lead[0].length;
  }
  while (i < line.length) {
    const c = line[i];
    const rest = line.slice(i);
    let m;
    if (c === "#") {
      out += span("comment", rest);
      break;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += line[j] === "\\" ? 2 : 1;
      out += highlightString(line.slice(i, Math.min(j + 1, line.length)));
      i = j + 1;
    } else if ((m = /^([A-Za-z_][A-Za-z0-9_]*)(=)/.exec(rest))) {
      out += span("option", m[1]) + span("punct", "=");
      i += m[0].length;
    } else if ((m = /^(in|and|or|not|true|false|null)(?![A-Za-z0-9_])/.exec(rest))) {
      out += span("keyword", m[0]);
      i += m[0].length;
    } else if ((m = /^\d+(?:\.\d+)?(?:[A-Za-z%]+)?/.exec(rest))) {
      out += span("number", m[0]);
      i += m[0].length;
    } else if (c === "|") {
      out += span("punct", c);
      i += 1;
    } else {
      m = /^[A-Za-z_][A-Za-z0-9_.]*|^[^"'#|A-Za-z_0-9]+/.exec(rest);
      const text = m ? m[0] : c;
      out += escapeHTML(text);
      i += text.length;
    }
  }
  return out;
}

function highlightString(text) {
  return text.split(/(\{\{.*?\}\})/).map((part, index) => span(index % 2 ? "expr" : "string", part)).join("");
}

// JSON: keys, strings, numbers and the literals.
function highlightJSONLine(line) {
  return line.replace(/("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\b(true|false|null)\b|([&<>])/g,
    (all, string, colon, number, literal, special) => {
      if (string) return span(colon ? "key" : "string", string) + (colon ? escapeHTML(colon) : "");
      if (number) return span("number", number);
      if (literal) return span("keyword", literal);
      return escapeHTML(special);
    });
}

// MARK: Editors

// A textarea over two layers: the coloured text and the diagnostics' underlines with their
// messages beside the line; a gutter of line numbers, the bad ones carrying the message on hover.
class Editor {
  constructor(root, highlightLine, file) {
    this.root = root;
    this.textarea = root.querySelector("textarea");
    this.gutter = root.querySelector(".gutter");
    this.highlight = root.querySelector(".highlight");
    this.marks = root.querySelector(".marks");
    this.highlightLine = highlightLine;
    this.file = file;
    this.diagnostics = [];
    this.textarea.addEventListener("scroll", () => this.syncScroll());
    this.textarea.addEventListener("mousemove", (event) => this.hover(event));
    this.textarea.addEventListener("paste", (event) => this.refuseHugePaste(event));
  }

  // A paste that would make the text larger than the service renders is refused before it
  // reaches the textarea: laying out megabytes of text would hold the page for seconds, and the
  // service would refuse it anyway (413).
  refuseHugePaste(event) {
    const pasted = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    const kept = this.textarea.value.length - (this.textarea.selectionEnd - this.textarea.selectionStart);
    if (pasted.length + kept <= state.bodyBytes / 3) return;
    const size = new TextEncoder().encode(pasted).length + kept;
    if (size <= state.bodyBytes) return;
    event.preventDefault();
    state.applied = ++state.sequence;
    showProblem(`the paste (${megabytes(size - kept)}) would make the ${this.file === DATA_FILE ? "data" : "template"} ` +
      `${megabytes(size)}; the service renders at most ${megabytes(state.bodyBytes)} at once ` +
      "(limits.bodyBytes in the configuration): nothing was pasted");
  }

  get value() { return this.textarea.value; }

  set value(text) {
    this.textarea.value = text;
    this.refresh();
  }

  lines() { return this.textarea.value.split("\n"); }

  refresh() {
    const text = this.textarea.value;
    const large = text.length > HIGHLIGHT_LIMIT;
    const lines = text.split("\n");
    if (this.textarea.classList.contains("plain") !== large) this.textarea.classList.toggle("plain", large);
    this.gutter.innerHTML = this.gutterHTML(lines.length);
    this.highlight.innerHTML = large ? "" : lines.map((line) => this.highlightLine(line)).join("\n") + "\n";
    this.marks.innerHTML = large ? "" : this.marksHTML(lines);
    this.syncScroll();
  }

  setDiagnostics(diagnostics) {
    this.diagnostics = diagnostics.filter((d) => d.file === this.file && d.line);
    this.refresh();
  }

  gutterHTML(count) {
    const byLine = new Map();
    for (const d of this.diagnostics) if (!byLine.has(d.line)) byLine.set(d.line, d);
    const shown = Math.min(count, 20000);
    const numbers = [];
    for (let n = 1; n <= shown; n++) {
      const d = byLine.get(n);
      numbers.push(d ? `<span class="${d.severity === "error" ? "bad" : "warn"}" title="${
        escapeHTML(describe(d))}">${n}</span>` : String(n));
    }
    return numbers.join("\n") + "\n";
  }

  // Each diagnostic's span underlined (a point gets one character), its message after the line.
  marksHTML(lines) {
    const out = [];
    lines.forEach((line, index) => {
      const here = this.diagnostics.filter((d) => d.line === index + 1);
      if (!here.length) { out.push(escapeHTML(line)); return; }
      const chars = Array.from(line);
      const marked = new Array(chars.length + 1).fill(null);
      for (const d of here) {
        const start = Math.max(0, d.column - 1);
        const end = d.endLine === d.line && d.endColumn > d.column ? d.endColumn - 1 : start + 1;
        for (let k = start; k < Math.min(end, marked.length); k++) marked[k] = marked[k] || d.severity;
      }
      let html = "";
      chars.concat([" "]).forEach((ch, k) => {
        html += marked[k] ? `<span class="mark ${marked[k]}">${escapeHTML(ch)}</span>` : escapeHTML(ch);
      });
      const first = here[0];
      html += `<span class="inline ${first.severity}">  ← ${escapeHTML(first.message)}${
        first.help && first.help.length ? " (" + escapeHTML(first.help[0]) + ")" : ""}</span>`;
      out.push(html);
    });
    return out.join("\n") + "\n";
  }

  syncScroll() {
    this.highlight.scrollTop = this.marks.scrollTop = this.gutter.scrollTop = this.textarea.scrollTop;
    this.highlight.scrollLeft = this.marks.scrollLeft = this.textarea.scrollLeft;
  }

  lineHeight() { return parseFloat(getComputedStyle(this.textarea).lineHeight) || 18; }

  // The message and help of the diagnostic on the line under the pointer, as the tooltip.
  hover(event) {
    const box = this.textarea.getBoundingClientRect();
    const line = Math.floor((event.clientY - box.top - 6 + this.textarea.scrollTop) / this.lineHeight()) + 1;
    const d = this.diagnostics.find((x) => x.line === line);
    this.textarea.title = d ? describe(d) : "";
  }

  // Puts the caret at line:column and scrolls it into view.
  jump(line, column) {
    const lines = this.lines();
    let offset = 0;
    for (let n = 0; n < Math.min(line - 1, lines.length); n++) offset += lines[n].length + 1;
    offset += Math.max(0, column - 1);
    this.textarea.focus();
    this.textarea.setSelectionRange(offset, offset);
    this.textarea.scrollTop = Math.max(0, (line - 4) * this.lineHeight());
    this.syncScroll();
  }
}

const source = new Editor($("source-editor"), highlightSlipLine, SOURCE_FILE);
const data = new Editor($("data-editor"), highlightJSONLine, DATA_FILE);

function describe(d) {
  const help = (d.help || []).map((h) => "\nhelp: " + h).join("");
  const notes = (d.notes || []).map((n) => "\nnote: " + (n.message || n)).join("");
  return `${d.severity}: ${d.message}${d.id ? " [" + d.id + "]" : ""}${help}${notes}`;
}

// MARK: Status

function setStatus(text, isError) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", !!isError);
}

function markDirty() {
  const dirty = state.name !== null && state.saved !== null && source.value !== state.saved;
  $("dirty").hidden = !dirty;
  document.title = (dirty ? "● " : "") + "Slip designer" + (state.name ? " — " + state.name : "");
}

// MARK: Rendering

function scheduleRender() {
  clearTimeout(state.timer);
  state.timer = setTimeout(render, DEBOUNCE_MS);
}

function renderBody() {
  const body = { source: source.value, preview: true, listing: true };
  if (data.value.trim()) body.data = data.value;
  if ($("printer").value) body.printer = $("printer").value;
  return body;
}

function megabytes(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

async function render() {
  const sequence = ++state.sequence;
  const body = JSON.stringify(renderBody());
  const size = new TextEncoder().encode(body).length;
  if (size > state.bodyBytes) {
    // Not sent: the service would refuse it (413) before reading it.
    apply(sequence, () => showProblem(`the template and data are ${megabytes(size)}; the service renders at ` +
      `most ${megabytes(state.bodyBytes)} at once (limits.bodyBytes in the configuration)`));
    return;
  }
  const started = performance.now();
  let response, answer;
  try {
    response = await fetch("/render", { method: "POST", body, headers: { "Content-Type": "application/json" } });
    answer = await response.json().catch(() => ({ error: `the service answered ${response.status}` }));
  } catch (error) {
    apply(sequence, () => showProblem("the service did not answer: " + error.message));
    return;
  }
  apply(sequence, () => {
    const elapsed = Math.round(performance.now() - started);
    document.body.dataset.rendered = String(sequence);
    if (response.status === 200) {
      showRendering(answer);
      setStatus(`rendered in ${elapsed} ms`);
    } else if (response.status === 422) {
      showDiagnostics(answer.diagnostics || []);
      markStale(true);
      const errors = (answer.diagnostics || []).filter((d) => d.severity === "error").length;
      setStatus(`${errors} error${errors === 1 ? "" : "s"}: the preview is the last good one`, true);
    } else {
      showProblem(answer.error || `the service answered ${response.status}`);
    }
  });
}

// Runs `update` only when `sequence` is newer than what the page shows.
function apply(sequence, update) {
  if (sequence <= state.applied) return;
  state.applied = sequence;
  update();
}

function showProblem(message) {
  showDiagnostics([{ severity: "error", message, file: null }]);
  markStale(true);
  setStatus(message, true);
}

function markStale(stale) {
  $("stale").hidden = !stale || !$("preview").children.length;
  for (const element of document.querySelectorAll(".previews")) element.classList.toggle("stale", stale);
}

function showRendering(answer) {
  showDiagnostics(answer.diagnostics || []);
  markStale(false);
  const paper = answer.paper || { millimetres: 0, dots: 0, dpi: 203 };
  drawPreview($("preview"), answer.preview || [], paper, 1);
  drawPreview($("preview2x"), answer.preview || [], paper, 2);
  const printable = (paper.dots / paper.dpi * 25.4).toFixed(0);
  $("paper").textContent = `${paper.millimetres} mm paper (dashed), ${paper.dots} dots (${printable} mm) ` +
    `printable at ${paper.dpi} dpi (solid)`;
  $("listing-kind").textContent = answer.target === "zpl" ? "ZPL" : "ESC/POS, as slip disasm lists it";
  $("listing").textContent = answer.listing || "";
  $("text").textContent = answer.text === null || answer.text === undefined ? "(a label has no plain text)" :
    answer.text;
}

// The pages inside the paper's edge (dashed) and the printable width (solid), as the gallery.
function drawPreview(container, pages, paper, scale) {
  const paperDots = Math.max(paper.dots, Math.round(paper.millimetres / 25.4 * paper.dpi));
  const frame = document.createElement("div");
  frame.className = "paper";
  frame.style.width = paperDots * scale + "px";
  const printable = document.createElement("div");
  printable.className = "printable";
  printable.style.width = paper.dots * scale + "px";
  const width = document.createElement("div");
  width.className = "width";
  width.textContent = `${paper.dots} dots`;
  printable.appendChild(width);
  frame.appendChild(printable);
  pages.forEach((png, index) => {
    const image = document.createElement("img");
    image.alt = `page ${index + 1} of ${pages.length} at ${scale}×`;
    image.onload = () => {
      image.width = image.naturalWidth * scale;
      image.dataset.loaded = String(image.naturalWidth);
    };
    image.src = "data:image/png;base64," + png;
    printable.appendChild(image);
  });
  container.replaceChildren(frame);
}

// One item per diagnostic, its text starting LINE:COL; a click puts the caret there.
function showDiagnostics(diagnostics) {
  state.diagnostics = diagnostics;
  source.setDiagnostics(diagnostics);
  data.setDiagnostics(diagnostics);
  const list = $("diagnostics");
  list.replaceChildren();
  for (const d of diagnostics) {
    const item = document.createElement("li");
    item.className = d.severity || "error";
    const place = d.line ? `${d.line}:${d.column} ` : "";
    const file = d.file && d.file !== SOURCE_FILE ? ` (${d.file === DATA_FILE ? "data" : d.file})` : "";
    const help = (d.help || []).map((h) => `\n  help: ${h}`).join("");
    item.textContent = `${place}${d.severity}: ${d.message}${d.id ? " [" + d.id + "]" : ""}${file}${help}`;
    item.dataset.file = d.file || "";
    if (d.line) {
      item.addEventListener("click", () => (d.file === DATA_FILE ? data : source).jump(d.line, d.column));
    }
    list.appendChild(item);
  }
  // An empty list says so through CSS (::before), so every child stays a diagnostic.
  list.classList.toggle("empty", !diagnostics.length);
}

// MARK: Includes

function showIncludes() {
  const names = [];
  for (const match of source.value.slice(0, HIGHLIGHT_LIMIT).matchAll(/^\s*include\s+"([^"]+)"/gm)) {
    if (!names.includes(match[1])) names.push(match[1]);
  }
  const box = $("includes");
  box.replaceChildren();
  if (!names.length) return;
  box.append("Includes: ");
  for (const name of names) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    button.addEventListener("click", () => openInclude(name));
    box.appendChild(button);
  }
}

async function openInclude(name) {
  const folder = state.name && state.name.includes("/") ? state.name.slice(0, state.name.lastIndexOf("/") + 1) : "";
  const view = $("include-view");
  view.hidden = false;
  view.querySelector(".include-name").textContent = name;
  const text = view.querySelector(".include-text");
  const response = await fetch("/templates/" + encodePath(folder + name));
  if (!response.ok) {
    text.textContent = (await response.json().catch(() => ({}))).error || `cannot open '${name}'`;
    return;
  }
  text.innerHTML = (await response.text()).split("\n").map(highlightSlipLine).join("\n");
}

function encodePath(name) { return name.split("/").map(encodeURIComponent).join("/"); }

// MARK: Files

async function loadTemplate(name) {
  const response = await fetch("/templates/" + encodePath(name));
  if (!response.ok) {
    setStatus((await response.json().catch(() => ({}))).error || `cannot open '${name}'`, true);
    return false;
  }
  const text = await response.text();
  state.name = name;
  state.saved = text;
  source.value = text;
  $("file-name").textContent = name;
  $("template-file").value = name;
  fillDataFiles(name);
  markDirty();
  showIncludes();
  return true;
}

// The data files beside the template: those named after it first (kopi-senja.json,
// kopi-senja.empty.json), then the folder's others.
function fillDataFiles(name) {
  const stem = name.replace(/\.slip$/, "");
  const folder = name.includes("/") ? name.slice(0, name.lastIndexOf("/") + 1) : "";
  const json = state.files.filter((f) => f.endsWith(".json") && f.startsWith(folder) &&
    !f.slice(folder.length).includes("/"));
  const mine = json.filter((f) => f.startsWith(stem + ".") || f.startsWith(stem + "-"))
    .sort((a, b) => (b === stem + ".json") - (a === stem + ".json") || a.localeCompare(b));
  const select = $("data-file");
  select.replaceChildren(new Option("(none)", ""));
  for (const f of mine.concat(json.filter((f) => !mine.includes(f)))) select.appendChild(new Option(f, f));
  return mine[0] || "";
}

async function loadData(name) {
  $("data-file").value = name;
  if (!name) { data.value = ""; return; }
  const response = await fetch("/templates/" + encodePath(name));
  data.value = response.ok ? await response.text() : "";
}

async function save() {
  if (!state.edit || !state.name) return;
  const response = await fetch("/templates/" + encodePath(state.name), { method: "PUT", body: source.value });
  const answer = await response.json().catch(() => ({}));
  if (response.ok) {
    state.saved = source.value;
    setStatus(`saved ${state.name}`);
  } else {
    setStatus(answer.error || `saving answered ${response.status}`, true);
  }
  markDirty();
}

// MARK: Printing

function updatePrintButton() {
  const printer = state.printers.find((p) => p.id === $("printer").value);
  const button = $("print");
  button.disabled = !printer || !printer.configured;
  button.title = button.disabled ? "choose one of the service's printers to print" : `print on ${printer.id}`;
}

async function print() {
  const body = renderBody();
  delete body.preview;
  delete body.listing;
  if (state.name) body.label = state.name;
  const job = $("job");
  job.className = "job";
  job.textContent = "sending the job…";
  const response = await fetch("/jobs", { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" } });
  const answer = await response.json().catch(() => ({}));
  if (response.status !== 202 && response.status !== 200) {
    job.className = "job failed";
    job.textContent = answer.error ||
      (answer.diagnostics || []).map((d) => `${d.line}:${d.column} ${d.message}`).join("; ") ||
      `the service answered ${response.status}`;
    return;
  }
  showJob(answer);
  if (state.events) state.events.close();
  const events = new EventSource(`/jobs/${answer.id}/events`);
  state.events = events;
  events.addEventListener("job", (event) => {
    const update = JSON.parse(event.data);
    showJob(update);
    if (["done", "failed", "cancelled", "interrupted"].includes(update.state)) events.close();
  });
  events.onerror = () => events.close();
}

function showJob(job) {
  const element = $("job");
  element.className = "job " + job.state;
  element.dataset.state = job.state;
  element.textContent = `job ${job.id} on '${job.printer}': ${job.state}, ${job.confirmed} of ${job.bytes} ` +
    `bytes confirmed, ${job.queued} queued, ${job.unanswered} unanswered, ${job.notSent} not sent` +
    (job.message ? ` (${job.message})` : "");
}

// MARK: Share links

function base64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 32768) binary += String.fromCharCode(...bytes.subarray(i, i + 32768));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

// `#s=` deflate-raw, `#u=` plain (a browser without CompressionStream): base64url of the JSON.
async function shareFragment() {
  const payload = new TextEncoder().encode(JSON.stringify({
    template: source.value, data: data.value, printer: $("printer").value, name: state.name,
  }));
  if (typeof CompressionStream === "function") {
    return "s=" + base64url(await through(payload, new CompressionStream("deflate-raw")));
  }
  return "u=" + base64url(payload);
}

async function readFragment(fragment) {
  const kind = fragment.slice(0, 2);
  if (kind !== "s=" && kind !== "u=") return null;
  let bytes = unbase64url(fragment.slice(2));
  if (kind === "s=") bytes = await through(bytes, new DecompressionStream("deflate-raw"));
  return JSON.parse(new TextDecoder().decode(bytes));
}

async function share() {
  const fragment = await shareFragment();
  const link = location.origin + location.pathname + "#" + fragment;
  history.replaceState(null, "", "#" + fragment);
  $("share-link").value = link;
  setStatus(`share link: ${link.length} characters`);
  if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
}

// MARK: Start

async function start() {
  const setup = await (await fetch("/designer")).json();
  state.edit = setup.edit;
  state.bodyBytes = setup.bodyBytes;
  state.printers = setup.printers;
  state.files = setup.files;
  $("mode").textContent = setup.edit ? "" : "read-only: the configuration does not allow saving";
  $("save").disabled = !setup.edit;
  const templates = $("template-file");
  for (const f of setup.files.filter((f) => f.endsWith(".slip"))) templates.appendChild(new Option(f, f));
  const printer = $("printer");
  printer.appendChild(new Option("the template's paper (generic)", ""));
  for (const [label, configured] of [["printers of this service", true], ["built-in profiles", false]]) {
    const group = document.createElement("optgroup");
    group.label = label;
    for (const p of setup.printers.filter((p) => p.configured === configured)) group.appendChild(new Option(p.name, p.id));
    if (group.children.length) printer.appendChild(group);
  }

  const shared = await readFragment(location.hash.slice(1)).catch(() => null);
  const first = setup.template || setup.files.find((f) => f.endsWith(".slip"));
  if (first) await loadTemplate(first);
  if (shared) {
    source.value = shared.template || "";
    data.value = shared.data || "";
    printer.value = shared.printer || "";
    $("data-file").value = "";
    setStatus("opened from a share link");
  } else if (setup.dataText !== null && setup.template) {
    data.value = setup.dataText;
    $("data-file").value = setup.dataName || "";
  } else if (first) {
    await loadData(fillDataFiles(first));
  }
  markDirty();
  showIncludes();
  updatePrintButton();

  source.textarea.addEventListener("input", () => {
    source.refresh();
    markDirty();
    showIncludes();
    scheduleRender();
  });
  data.textarea.addEventListener("input", () => { data.refresh(); scheduleRender(); });
  printer.addEventListener("change", () => { updatePrintButton(); scheduleRender(); });
  templates.addEventListener("change", async () => {
    if (await loadTemplate(templates.value)) await loadData(fillDataFiles(templates.value));
    scheduleRender();
  });
  $("data-file").addEventListener("change", async () => { await loadData($("data-file").value); scheduleRender(); });
  $("save").addEventListener("click", save);
  $("print").addEventListener("click", print);
  $("share").addEventListener("click", share);
  $("include-view").querySelector(".close").addEventListener("click", () => { $("include-view").hidden = true; });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      save();
    }
  });
  window.addEventListener("beforeunload", (event) => {
    if (!$("dirty").hidden) event.preventDefault();
  });
  document.body.dataset.ready = "true";
  render();
}

start().catch((error) => setStatus("the designer could not start: " + error.message, true));
