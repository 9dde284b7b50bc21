// The step-through replay page: /replay/<table id>[?lang=es] reads /api/replay/<table id> (the steps and
// their narration, a spectator's) and shows one step's board (/api/replay/<table id>/<n>) at a time.
"use strict";

const tableId = location.pathname.split("/").filter(Boolean)[1];
const lang = new URLSearchParams(location.search).get("lang") || "en";
let steps = [];
let current = 0;

function show(n) {
  if (!steps.length) return;
  current = Math.max(0, Math.min(steps.length - 1, n));
  const step = steps[current];
  document.getElementById("board").src = `/api/replay/${tableId}/${current}?lang=${lang}`;
  document.getElementById("where").textContent =
    `${current + 1} / ${steps.length} · turn ${step.turn} · v${step.version}`;
  const list = document.getElementById("narration");
  list.replaceChildren(...step.lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  document.getElementById("first").disabled = document.getElementById("prev").disabled = current === 0;
  document.getElementById("last").disabled = document.getElementById("next").disabled =
    current === steps.length - 1;
}

async function load() {
  const response = await fetch(`/api/replay/${tableId}?lang=${lang}`);
  if (!response.ok) {
    document.getElementById("title").textContent = `Table ${tableId}: ${await response.text()}`;
    return;
  }
  const data = await response.json();
  steps = data.steps;
  document.getElementById("title").textContent = `Table #${data.number} · ${data.game} · ${data.status}`;
  show(0);
}

document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(current - 1);
document.getElementById("next").onclick = () => show(current + 1);
document.getElementById("last").onclick = () => show(steps.length - 1);
document.addEventListener("keydown", (event) => {
  const to = { Home: 0, ArrowLeft: current - 1, ArrowRight: current + 1, End: steps.length - 1 }[event.key];
  if (to !== undefined) show(to);
});
load();
