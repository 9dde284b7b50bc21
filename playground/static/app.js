// Tablero playground: each pane is one user's Discord client. Plain JS, no build step.
// The server sends change notices (server-sent events, ids only); a pane then fetches what its user may see.
"use strict";

const DISCORD_EPOCH = 1420070400000n;
const COLORS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#9b59b6", "#1abc9c", "#e67e22"];
const panes = [];

// ---- small helpers ------------------------------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function newer(a, b) {
  // snowflake strings: a > b
  if (a.length !== b.length) return a.length > b.length;
  return a > b;
}

function snowflakeTime(id) {
  return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
}

function colorOf(id) {
  const n = Number(BigInt(id) % BigInt(COLORS.length));
  return COLORS[n];
}

function avatar(user, bot) {
  const node = el("span", { class: "avatar", text: bot ? "T" : (user.name || "?").slice(0, 1).toUpperCase() });
  node.style.background = bot ? "#5865f2" : colorOf(user.id);
  return node;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  // Every failure ends as { ok: false, error: <a sentence> } (the server's words) or { ok: false,
  // why: <a key of the page's own sentences> }, which the pane words in its user's language: never a
  // status code or an exception's text (issue 27 item 4).
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    return { ok: false, why: "no_answer" };
  }
  let data = {};
  try { data = await response.json(); } catch { data = {}; }
  if (!response.ok && data.ok === undefined) data.ok = false;
  if (!response.ok && !data.error) data.why = response.status >= 500 ? "no_answer" : "failed";
  return data;
}

// The sentences the page writes itself, in the language of the pane's user (sent by the server from
// the catalogs with /api/world); the English ones until the first world arrives.
const TEXTS = {
  fill_in: "Fill in: {fields}.",
  no_answer: "The playground did not answer; check that it is still running and try again.",
  failed: "This interaction failed.",
  image_open: "Open the picture full size",
  image_close: "Close the picture",
  image_full: "The picture, full size",
};
function pageText(key, params = {}, pane = null) {
  const texts = (pane && pane.world && pane.world.texts) || TEXTS;
  return (texts[key] || TEXTS[key]).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
}

// ---- the picture viewer (issue 27 item 2) ----------------------------------------------------------------
// A click on a picture opens it at its full size in a modal dialog over the page (scrolling when it is
// larger than the window); Escape, the close button or a click beside the picture closes it, and the
// keyboard's focus goes back to the picture it came from.
function openImage(img, opener, pane) {
  let box = document.getElementById("image-viewer");
  if (!box) {
    box = el("dialog", { id: "image-viewer", class: "image-viewer" });
    box.addEventListener("click", (e) => { if (e.target === box || e.target.classList.contains("frame")) box.close(); });
    box.addEventListener("close", () => { if (box.opener && box.opener.isConnected) box.opener.focus(); });
    document.body.append(box);
  }
  const full = el("img", { src: img.src, alt: img.alt, class: "full" });
  box.replaceChildren(
    el("button", { type: "button", class: "close", "aria-label": pageText("image_close", {}, pane), text: "×",
      onclick: () => box.close() }),
    el("div", { class: "frame" }, full));
  box.setAttribute("aria-label", pageText("image_full", {}, pane));
  box.opener = opener;
  box.showModal();
  box.querySelector(".close").focus();
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// ---- Discord markdown (the subset the bot writes) ---------------------------------------------------------
function formatTimestamp(seconds, style) {
  const date = new Date(Number(seconds) * 1000);
  if (style === "R") {
    const delta = Math.round((date - Date.now()) / 1000);
    const abs = Math.abs(delta);
    const [value, unit] = abs < 60 ? [delta, "second"] : abs < 3600 ? [Math.round(delta / 60), "minute"]
      : abs < 86400 ? [Math.round(delta / 3600), "hour"] : [Math.round(delta / 86400), "day"];
    return new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(value, unit);
  }
  if (style === "t") return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (style === "T") return date.toLocaleTimeString();
  if (style === "d") return date.toLocaleDateString();
  return date.toLocaleString([], { dateStyle: "long", timeStyle: "short" });
}

function inline(text, pane) {
  // Code spans, links, mentions and timestamps become placeholders first, so emphasis never touches them.
  const held = [];
  const hold = (html) => { held.push(html); return `\u0000${held.length - 1}\u0000`; };
  const inPage = (channel, message, label) =>
    hold(`<a href="#" class="channel-link" data-channel="${channel}" data-message="${message || ""}">${label}</a>`);
  let html = escapeHtml(text)
    .replace(/`([^`]+)`/g, (_, code) => hold(`<code>${code}</code>`))
    .replace(/\[([^\]]+)\]\(https:\/\/discord\.com\/channels\/[\d@me]+\/(\d+)(?:\/(\d+))?\)/g,
      (_, label, channel, message) => inPage(channel, message, label))
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
      (_, label, url) => hold(`<a href="${url}" target="_blank" rel="noopener noreferrer">${label}</a>`))
    .replace(/https:\/\/discord\.com\/channels\/[\d@me]+\/(\d+)(?:\/(\d+))?/g,
      (_, channel, message) => inPage(channel, message, `#${escapeHtml(pane.channelName(channel))}`))
    .replace(/https?:\/\/[^\s<)]+/g, (url) => hold(`<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`))
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) =>
      hold(`<span class="mention" data-user="${id}">@${escapeHtml(pane.nameOf(id))}</span>`))
    .replace(/&lt;#(\d+)&gt;/g, (_, id) =>
      hold(`<span class="mention channel-link" data-channel="${id}">#${escapeHtml(pane.channelName(id))}</span>`))
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) =>
      hold(`<span class="timestamp">${escapeHtml(formatTimestamp(s, style || "f"))}</span>`));
  html = html
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/(^|[^*])\*(?!\s)(.+?)\*(?!\*)/g, "$1<em>$2</em>")
    .replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
  for (let i = 0; i < 3 && html.includes("\u0000"); i++) {
    html = html.replace(/\u0000(\d+)\u0000/g, (_, n) => held[Number(n)]);
  }
  return html;
}

function markdown(text, pane) {
  const out = [];
  const blocks = text.split(/```/);
  blocks.forEach((block, index) => {
    if (index % 2 === 1) {
      out.push(`<pre>${escapeHtml(block.replace(/^[a-z]*\n/, ""))}</pre>`);
      return;
    }
    const lines = block.split("\n");
    const rendered = lines.map((line) => {
      let m;
      if ((m = line.match(/^(#{1,3}) (.*)$/))) return `<h${m[1].length}>${inline(m[2], pane)}</h${m[1].length}>`;
      if ((m = line.match(/^-# (.*)$/))) return `<span class="subtext">${inline(m[1], pane)}</span>`;
      if ((m = line.match(/^> ?(.*)$/))) return `<blockquote>${inline(m[1], pane)}</blockquote>`;
      if ((m = line.match(/^\s*[-*] (.*)$/))) return `• ${inline(m[1], pane)}`;
      return inline(line, pane);
    });
    // block elements already break the line
    let html = "";
    rendered.forEach((line, i) => {
      html += line;
      const isBlock = /^<(h\d|blockquote)/.test(line);
      if (i < rendered.length - 1 && !isBlock) html += "\n";
    });
    out.push(html);
  });
  return out.join("");
}

// ---- one user's client ----------------------------------------------------------------------------------
class Pane {
  constructor(userId) {
    this.user = userId;
    this.channel = null;
    this.world = null;
    this.seen = {};
    this.dismissed = new Set();
    this.rendered = new Map();
    this.failures = new Map();
    // The controls waiting for their interaction's answer: "message id|custom id" -> the message's
    // revision when pressed. Like Discord's client, only the control pressed waits; it is usable
    // again when any answer comes (a reply, a form, a refusal, an error) or the message is edited.
    this.pending = new Map();
    this.modalShown = null;
    this.command = null;
    this.root = document.getElementById("pane-template").content.firstElementChild.cloneNode(true);
    this.q = (sel) => this.root.querySelector(sel);
    this.refreshWorld = debounce(() => this.loadWorld(), 40);
    this.refreshMessages = debounce(() => this.loadMessages(), 25);
    this.bindComposer();
    this.q(".user-select").addEventListener("change", (e) => this.switchUser(e.target.value));
    this.q(".lang-select").addEventListener("change", async (e) => {
      await api(`/api/users/${this.user}/language`, { language: e.target.value });
    });
    this.q(".messages").addEventListener("click", (e) => this.onContentClick(e));
  }

  nameOf(id) {
    const member = this.world && this.world.members.find((m) => m.id === id);
    return member ? member.name : "unknown-user";
  }

  channelName(id) {
    const channel = this.world && this.world.channels.find((c) => c.id === id);
    return channel ? channel.name : "unknown";
  }

  async switchUser(userId) {
    this.user = userId;
    this.channel = null;
    this.seen = {};
    this.rendered.clear();
    this.q(".messages").replaceChildren();
    this.closeCommand();
    if (this.q(".modal").open) this.q(".modal").close();
    this.modalShown = null;
    updateUrl();
    await this.loadWorld();
  }

  async loadWorld() {
    const world = await api(`/api/world?user=${this.user}`);
    if (!world.me || world.me.id !== this.user) return;
    const names = JSON.stringify([world.channels.map((c) => c.name), world.members.map((m) => m.name)]);
    if (this.names !== undefined && names !== this.names) this.rendered.clear();  // mentions show names
    const renamed = this.names !== undefined && names !== this.names;
    this.names = names;
    this.world = world;
    this.root.dataset.user = world.me.name;
    let moved = false;
    if (this.channel === null || !this.knows(this.channel)) {
      this.channel = world.games;
      moved = true;
    }
    this.renderSidebar();
    this.renderModal();
    if (moved || renamed) await this.loadMessages();
  }

  knows(channelId) {
    return this.world.channels.some((c) => c.id === channelId) || (this.world.dm && this.world.dm.id === channelId);
  }

  renderSidebar() {
    const w = this.world;
    this.q(".guild-name").textContent = w.guild.name;
    const list = this.q(".channel-list");
    list.replaceChildren(...w.channels.map((c) => this.channelButton(c)));
    const dms = this.q(".dm-list");
    dms.replaceChildren(w.dm ? this.channelButton({ ...w.dm, name: w.bot.name }) : el("div", { class: "empty", text: "No messages yet" }));
    const select = this.q(".user-select");
    select.replaceChildren(...w.users.map((u) => el("option", { value: u.id, text: u.name, selected: u.id === this.user })));
    this.q(".lang-select").value = w.me.language;
    const me = this.q(".me .avatar");
    me.replaceWith(avatar(w.me, false));
  }

  channelButton(channel) {
    const active = channel.id === this.channel;
    if (active) this.seen[channel.id] = channel.last;
    const unread = !active && newer(channel.last, this.seen[channel.id] || "0") && this.seenOnce(channel);
    const sigil = channel.kind === "dm" ? "@" : channel.kind === "thread" ? "⤷" : "#";
    return el(
      "button",
      {
        class: `channel ${channel.kind}${active ? " active" : ""}${unread ? " unread" : ""}`,
        "data-channel": channel.id,
        "data-name": channel.name,
        role: "listitem",
        onclick: () => this.open(channel.id),
      },
      el("span", { class: "sigil", text: sigil }),
      el("span", { class: "label", text: channel.name }),
    );
  }

  seenOnce(channel) {
    // A channel first seen with messages in it counts as read up to then, except DMs and threads (news).
    if (this.seen[channel.id] === undefined && channel.kind === "text") {
      this.seen[channel.id] = channel.last;
      return false;
    }
    return true;
  }

  async open(channelId) {
    this.channel = channelId;
    this.rendered.clear();
    this.q(".messages").replaceChildren();
    this.closeCommand();
    this.renderSidebar();
    await this.loadMessages();
    this.q(".command-input").focus({ preventScroll: true });
  }

  async loadMessages() {
    if (!this.channel) return;
    const channelId = this.channel;
    const data = await api(`/api/channels/${channelId}?user=${this.user}`);
    if (channelId !== this.channel || !data.messages) return;
    const entry = data.channel;
    this.seen[entry.id] = entry.last;
    const title = entry.kind === "dm" ? `@ ${this.world.bot.name}` : entry.kind === "thread" ? `⤷ ${entry.name}` : `# ${entry.name}`;
    this.q(".chat-title").textContent = title;
    this.q(".chat-topic").textContent = entry.kind === "dm" ? "Direct messages with the bot" : "";
    this.renderMessages(data.messages);
    this.renderSidebar();
  }

  renderMessages(messages) {
    const box = this.q(".messages");
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    const keep = new Map();
    const nodes = [];
    let previous = null;
    for (const msg of messages) {
      if (this.dismissed.has(msg.id)) continue;
      // Like Discord: a message right after another of the same author (within 7 minutes) has no header.
      const continued = previous !== null && previous.author.id === msg.author.id && !msg.used_by
        && msg.type !== 18 && previous.type !== 18 && msg.ephemeral === previous.ephemeral
        && snowflakeTime(msg.id) - snowflakeTime(previous.id) < 7 * 60 * 1000;
      previous = msg;
      for (const [pressed, rev] of this.pending) {
        if (pressed.startsWith(`${msg.id}|`) && rev !== msg.rev) this.pending.delete(pressed);  // edited
      }
      const waiting = [...this.pending.keys()].filter((k) => k.startsWith(`${msg.id}|`)).join(",");
      const key = JSON.stringify(msg) + (this.failures.get(msg.id) || "") + continued + waiting;
      const old = this.rendered.get(msg.id);
      const node = old && old.key === key ? old.node : this.messageNode(msg, continued);
      keep.set(msg.id, { key, node });
      nodes.push(node);
    }
    this.rendered = keep;
    if (!nodes.length) nodes.push(el("div", { class: "empty", text: "No messages here yet." }));
    const same = nodes.length === box.children.length && nodes.every((n, i) => box.children[i] === n);
    if (!same) box.replaceChildren(...nodes);
    if (atBottom || !same) box.scrollTop = box.scrollHeight;
  }

  messageNode(msg, continued = false) {
    const me = this.world.me.id;
    if (msg.type === 18) {
      const thread = msg.thread || (this.world.channels.find((c) => c.kind === "thread" && c.name === msg.content) || {}).id;
      return el("div", { class: "msg system", "data-id": msg.id },
        el("span", { class: "sigil", text: "⤷" }),
        el("div", { class: "body" }, el("b", { text: this.world.bot.name }), " started a thread: ",
          el("span", { class: "mention channel-link", "data-channel": thread || "", text: msg.content })));
    }
    const body = el("div", { class: "body" });
    const author = msg.author;
    if (!continued) body.append(el("div", { class: "meta" },
      el("span", { class: "author", text: author.bot ? this.world.bot.name : author.name }),
      author.bot ? el("span", { class: "app-tag", text: "APP" }) : null,
      el("span", { class: "time", text: snowflakeTime(msg.id).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }),
    ));
    if (msg.used_by) body.append(el("div", { class: "used" }, el("b", { text: msg.used_by }), " used a command"));
    if (msg.loading) {
      body.append(el("div", { class: "thinking", text: `${this.world.bot.name} is thinking…` }));
    } else if (msg.content) {
      const content = el("div", { class: "content" });
      content.innerHTML = markdown(msg.content, this);
      body.append(content);
    }
    for (const embed of msg.embeds || []) body.append(this.embedNode(embed));
    if (msg.attachments.length) {
      body.append(el("div", { class: "attachments" }, msg.attachments.map((a) => this.attachmentNode(a))));
    }
    if (msg.components.length) body.append(this.componentsNode(msg));
    if (msg.edited) body.append(el("span", { class: "edited", text: "(edited)" }));
    if (this.failures.has(msg.id)) body.append(el("div", { class: "failed", role: "alert", text: this.failures.get(msg.id) }));
    if (msg.ephemeral) {
      body.append(el("div", { class: "ephemeral-note" }, "👁 Only you can see this · ",
        el("button", { onclick: () => { this.dismissed.add(msg.id); this.loadMessages(); }, text: "Dismiss message" })));
    }
    const classes = ["msg"];
    if (continued) classes.push("continued");
    if (msg.ephemeral) classes.push("ephemeral");
    if (msg.mentions.includes(me)) classes.push("mentioned");
    const side = continued
      ? el("span", { class: "gutter", text: snowflakeTime(msg.id).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) })
      : avatar(author, author.bot);
    return el("div", { class: classes.join(" "), "data-id": msg.id, "data-rev": msg.rev }, side, body);
  }

  embedNode(embed) {
    const node = el("div", { class: "embed" });
    if (embed.color) node.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, "0")}`;
    if (embed.title) node.append(el("div", { class: "title", text: embed.title }));
    if (embed.description) {
      const d = el("div", { class: "content" });
      d.innerHTML = markdown(embed.description, this);
      node.append(d);
    }
    for (const field of embed.fields || []) {
      node.append(el("div", { class: "title", text: field.name }));
      const v = el("div", { class: "content" });
      v.innerHTML = markdown(field.value, this);
      node.append(v);
    }
    return node;
  }

  attachmentNode(att) {
    if (/\.(png|jpe?g|gif|webp)$/i.test(att.filename)) {
      const attrs = { src: att.url, alt: att.description || att.filename, loading: "lazy" };
      if (att.size.length === 2) { attrs.width = att.size[0]; attrs.height = att.size[1]; }
      const img = el("img", attrs);
      img.style.height = "auto";
      // A button around the picture: reached with Tab, opened with a click, Enter or Space; its name is
      // the picture's description (alt text), and it says it opens a dialog (issue 27 item 2).
      const open = el("button", {
        type: "button", class: "image-open", "aria-haspopup": "dialog",
        title: pageText("image_open", {}, this), onclick: () => openImage(img, open, this),
      }, img);
      return open;
    }
    return el("a", { class: "file link", href: att.url, download: att.filename, text: `📄 ${att.filename}` });
  }

  componentsNode(msg) {
    const box = el("div", { class: "components" });
    const walk = (items, parent) => {
      for (const item of items) {
        if (item.type === 1) {
          const row = el("div", { class: "row" });
          walk(item.components || [], row);
          parent.append(row);
        } else if (item.type === 2) {
          parent.append(this.buttonNode(msg, item));
        } else if (item.type === 3) {
          parent.append(this.selectNode(msg, item));
        } else if ([5, 6, 7, 8].includes(item.type)) {
          parent.append(el("select", { disabled: true }, el("option", { text: item.placeholder || "(not in the playground)" })));
        } else if (item.type === 10) {
          const t = el("div", { class: "content" });
          t.innerHTML = markdown(item.content || "", this);
          parent.append(t);
        } else if (item.components) {
          walk(item.components, parent);
        }
      }
    };
    walk(msg.components, box);
    return box;
  }

  buttonNode(msg, item) {
    const label = `${item.emoji && item.emoji.name ? item.emoji.name + " " : ""}${item.label || ""}`.trim();
    if (item.style === 5) {
      return el("a", { class: "btn style-5", href: item.url, target: "_blank", rel: "noopener noreferrer", text: label });
    }
    const waiting = this.pending.has(`${msg.id}|${item.custom_id}`);
    return el("button", {
      class: `btn style-${item.style || 2}${waiting ? " pending" : ""}`,
      disabled: !!item.disabled || waiting,
      "data-custom-id": item.custom_id,
      text: label,
      onclick: (e) => this.interact(msg, e.currentTarget, "/api/click", { message: msg.id, custom_id: item.custom_id }),
    });
  }

  selectNode(msg, item) {
    const max = item.max_values === undefined ? 1 : item.max_values;
    const min = item.min_values === undefined ? 1 : item.min_values;
    if (max > 1) {
      const box = el("div", { class: "multi", "data-custom-id": item.custom_id });
      box.append(el("div", { class: "placeholder", text: item.placeholder || `Choose ${min}–${max}` }));
      for (const option of item.options || []) {
        box.append(el("label", {}, el("input", { type: "checkbox", value: option.value, checked: !!option.default, disabled: !!item.disabled }), ` ${option.label}`));
      }
      const waiting = this.pending.has(`${msg.id}|${item.custom_id}`);
      box.append(el("button", {
        class: `btn style-1${waiting ? " pending" : ""}`,
        disabled: !!item.disabled || waiting,
        text: "Choose",
        onclick: (e) => {
          const values = [...box.querySelectorAll("input:checked")].map((i) => i.value);
          this.interact(msg, e.currentTarget, "/api/select", { message: msg.id, custom_id: item.custom_id, values });
        },
      }));
      return box;
    }
    const waiting = this.pending.has(`${msg.id}|${item.custom_id}`);
    const select = el("select", { "data-custom-id": item.custom_id, disabled: !!item.disabled || waiting, "aria-label": item.placeholder || "Choose" },
      el("option", { value: "", disabled: true, selected: true, text: item.placeholder || "Make a selection" }),
      (item.options || []).map((o) => el("option", { value: o.value, text: `${o.emoji && o.emoji.name ? o.emoji.name + " " : ""}${o.label}${o.description ? " — " + o.description : ""}` })));
    select.addEventListener("change", () => {
      this.interact(msg, select, "/api/select", { message: msg.id, custom_id: item.custom_id, values: [select.value] });
    });
    return select;
  }

  async interact(msg, control, path, body) {
    // Only the pressed control waits for its answer (issue 27 item 1); the message's other controls stay usable.
    const pressed = `${msg.id}|${body.custom_id}`;
    this.pending.set(pressed, msg.rev);
    control.disabled = true;
    control.classList.add("pending");
    this.failures.delete(msg.id);
    let result;
    try {
      result = await api(path, { user: this.user, ...body });
    } finally {
      this.pending.delete(pressed);  // any answer, or none: the control is usable again
    }
    if (!result.ok) this.failures.set(msg.id, result.error || pageText(result.why || "failed", {}, this));
    this.rendered.delete(msg.id);  // drawn again: the control enabled, a menu back to its placeholder
    if (result.callback === 9) await this.loadWorld();
    await this.loadMessages();
  }

  async onContentClick(event) {
    const link = event.target.closest(".channel-link");
    if (link) {
      event.preventDefault();
      if (!this.knows(link.dataset.channel)) return;
      if (link.dataset.channel !== this.channel) await this.open(link.dataset.channel);
      const target = link.dataset.message && this.q(`.msg[data-id="${link.dataset.message}"]`);
      if (target) {
        target.scrollIntoView({ block: "center" });
        target.classList.add("flash");
        setTimeout(() => target.classList.remove("flash"), 1500);
      }
    }
    const spoiler = event.target.closest(".spoiler");
    if (spoiler) spoiler.classList.add("shown");
  }

  // ---- slash commands ------------------------------------------------------------------------------------
  commands() {
    const entry = this.world && (this.world.dm && this.world.dm.id === this.channel ? this.world.dm_commands : this.world.commands);
    return entry || [];
  }

  bindComposer() {
    const input = this.q(".command-input");
    const list = this.q(".command-list");
    let selected = 0;
    const matches = () => {
      const typed = input.value.replace(/^\//, "").trim().toLowerCase();
      return this.commands().filter((c) => c.label.toLowerCase().includes(typed) || c.path.toLowerCase().includes(typed));
    };
    const show = () => {
      if (!input.value.startsWith("/")) { list.hidden = true; return; }
      const found = matches();
      selected = Math.min(selected, Math.max(found.length - 1, 0));
      list.replaceChildren(...found.map((c, i) => el("button", {
        class: `command-item${i === selected ? " selected" : ""}`,
        "data-command": c.path,
        role: "option",
        onmousedown: (e) => { e.preventDefault(); this.startCommand(c); },
      }, el("span", { class: "name", text: `/${c.label}` }), el("span", { class: "desc", text: c.description }))));
      if (!found.length) list.append(el("div", { class: "empty", text: "No command matches" }));
      list.hidden = false;
    };
    input.addEventListener("input", () => { selected = 0; show(); });
    input.addEventListener("focus", show);
    input.addEventListener("blur", () => setTimeout(() => { list.hidden = true; }, 150));
    input.addEventListener("keydown", (e) => {
      const found = matches();
      if (e.key === "ArrowDown") { selected = Math.min(selected + 1, found.length - 1); show(); e.preventDefault(); }
      if (e.key === "ArrowUp") { selected = Math.max(selected - 1, 0); show(); e.preventDefault(); }
      if (e.key === "Enter" && found[selected]) { e.preventDefault(); this.startCommand(found[selected]); }
      if (e.key === "Escape") { list.hidden = true; }
    });
  }

  startCommand(command) {
    this.command = command;
    const input = this.q(".command-input");
    input.value = "";
    this.q(".command-list").hidden = true;
    this.q(".composer-error").textContent = "";
    const form = this.q(".command-form");
    form.replaceChildren(el("div", { class: "title" },
      el("span", {}, `/${command.label}`, el("span", { class: "desc", text: command.description })),
      el("button", { type: "button", class: "close", "aria-label": "Close", text: "×", onclick: () => this.closeCommand() })));
    for (const option of command.options) {
      form.append(el("label", { for: `opt-${option.name}` }, option.label, option.required ? el("span", { class: "req", text: " *" }) : null));
      form.append(el("div", { class: "field" }, this.optionInput(option), el("div", { class: "help", text: option.description })));
    }
    form.append(el("div", { class: "actions" }, el("button", { type: "button", class: "send", text: "Send", onclick: () => this.sendCommand() })));
    form.hidden = false;
    const first = form.querySelector("input, select");
    if (first) first.focus();
    form.onkeydown = (e) => {
      if (e.key === "Enter" && e.target.tagName === "INPUT" && !e.target.dataset.suggesting) { e.preventDefault(); this.sendCommand(); }
      if (e.key === "Escape") this.closeCommand();
    };
  }

  optionInput(option) {
    const id = `opt-${option.name}`;
    if (option.choices.length) {
      return el("select", { id, name: option.name },
        el("option", { value: "", text: option.required ? "Choose…" : "(none)" }),
        option.choices.map((c) => el("option", { value: JSON.stringify(c.value), text: c.name })));
    }
    if (option.user) {
      return el("select", { id, name: option.name, "data-kind": "user" },
        el("option", { value: "", text: option.required ? "Choose…" : "(none)" }),
        this.world.members.filter((m) => m.id !== this.user).map((m) => el("option", { value: m.id, text: m.bot ? `${m.name} (bot)` : m.name })));
    }
    if (option.type === 5) {
      return el("select", { id, name: option.name, "data-kind": "bool" },
        el("option", { value: "", text: "(none)" }), el("option", { value: "true", text: "True" }), el("option", { value: "false", text: "False" }));
    }
    const numeric = option.type === 4 || option.type === 10;
    const input = el("input", {
      id, name: option.name, type: numeric && !option.autocomplete ? "number" : "text",
      step: option.type === 10 ? "any" : undefined,
      min: option.min_value, max: option.max_value, maxlength: option.max_length,
      "data-kind": numeric ? (option.type === 4 ? "int" : "number") : "string",
      autocomplete: "off",
    });
    if (option.autocomplete) {
      const refresh = debounce(() => this.suggest(option, input), 120);
      input.addEventListener("input", () => { delete input.dataset.value; refresh(); });
      input.addEventListener("focus", refresh);
      input.addEventListener("blur", () => setTimeout(() => this.clearSuggestions(input), 150));
    }
    return input;
  }

  formValues(exceptFocused) {
    const values = {};
    for (const field of this.q(".command-form").querySelectorAll("[name]")) {
      if (field.name === exceptFocused) continue;
      const value = this.fieldValue(field);
      if (value !== undefined) values[field.name] = value;
    }
    return values;
  }

  fieldValue(field) {
    const raw = field.dataset.value !== undefined ? field.dataset.value : field.value;
    if (raw === "") return undefined;
    if (field.tagName === "SELECT" && !field.dataset.kind) return JSON.parse(raw);
    if (field.dataset.value !== undefined) return JSON.parse(raw);
    if (field.dataset.kind === "bool") return raw === "true";
    if (field.dataset.kind === "int") return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (field.dataset.kind === "number") return Number.isFinite(Number(raw)) ? Number(raw) : raw;
    return raw;
  }

  async suggest(option, input) {
    if (!this.command || document.activeElement !== input) return;
    const options = this.formValues(option.name);
    options[option.name] = input.value;
    const result = await api("/api/autocomplete", {
      user: this.user, channel: this.channel, command: this.command.path, options, focused: option.name,
    });
    this.clearSuggestions(input);
    if (!result.ok || document.activeElement !== input) return;
    const box = el("div", { class: "suggestions", role: "listbox" });
    for (const choice of result.choices) {
      box.append(el("button", {
        type: "button", class: "suggestion", role: "option", "data-value": JSON.stringify(choice.value), text: choice.name,
        onmousedown: (e) => {
          e.preventDefault();
          input.value = choice.name;
          input.dataset.value = JSON.stringify(choice.value);
          this.clearSuggestions(input);
        },
      }));
    }
    if (result.choices.length) {
      input.dataset.suggesting = "1";
      input.parentElement.append(box);
    }
  }

  clearSuggestions(input) {
    delete input.dataset.suggesting;
    input.parentElement.querySelectorAll(".suggestions").forEach((s) => s.remove());
  }

  async sendCommand() {
    if (!this.command) return;
    const command = this.command;
    const options = this.formValues(null);
    const missing = command.options.filter((o) => o.required && options[o.name] === undefined);
    const error = this.q(".composer-error");
    if (missing.length) {
      error.textContent = pageText("fill_in", { fields: missing.map((o) => o.label).join(", ") }, this);
      return;
    }
    const send = this.q(".command-form .send");
    send.disabled = true;
    const result = await api("/api/slash", { user: this.user, channel: this.channel, command: command.path, options });
    send.disabled = false;
    if (!result.ok) {
      error.textContent = result.error || pageText(result.why || "failed", {}, this);
      return;
    }
    error.textContent = "";
    this.closeCommand();
    if (result.callback === 9) await this.loadWorld();
  }

  closeCommand() {
    this.command = null;
    const form = this.q(".command-form");
    form.hidden = true;
    form.replaceChildren();
  }

  // ---- modals ---------------------------------------------------------------------------------------------
  renderModal() {
    const dialog = this.q(".modal");
    const open = this.world.modals[0];
    if (!open) {
      if (dialog.open) dialog.close();
      this.modalShown = null;
      return;
    }
    if (this.modalShown === open.custom_id && dialog.open) return;
    this.modalShown = open.custom_id;
    const modal = open.modal;
    const body = el("div", { class: "modal-body" });
    const fieldOf = (item, label, description) => {
      if (item.type === 4) {
        const attrs = {
          name: item.custom_id, placeholder: item.placeholder, required: item.required !== false,
          minlength: item.min_length, maxlength: item.max_length,
        };
        const input = item.style === 2 ? el("textarea", { ...attrs, rows: 4 }) : el("input", { ...attrs, type: "text" });
        input.value = item.value || "";
        return el("label", {}, label || item.label, description ? el("span", { class: "desc", text: description }) : null, input);
      }
      if (item.type === 3) {
        const select = el("select", { name: item.custom_id, "data-select": "1", multiple: (item.max_values || 1) > 1 },
          (item.options || []).map((o) => el("option", { value: o.value, text: o.label, selected: !!o.default })));
        return el("label", {}, label || item.placeholder || "", description ? el("span", { class: "desc", text: description }) : null, select);
      }
      if (item.type === 10) {
        const t = el("div", { class: "content" });
        t.innerHTML = markdown(item.content || "", this);
        return t;
      }
      return null;
    };
    for (const row of modal.components || []) {
      if (row.type === 18) body.append(fieldOf(row.component, row.label, row.description));
      else if (row.type === 1) for (const item of row.components || []) body.append(fieldOf(item));
      else body.append(fieldOf(row));
    }
    const error = el("div", { class: "composer-error", role: "alert" });
    const form = el("form", { method: "dialog" },
      el("div", { class: "modal-title", text: modal.title }),
      body,
      error,
      el("div", { class: "modal-actions" },
        el("button", { type: "button", class: "cancel", text: "Cancel", onclick: async () => {
          dialog.close();
          await api("/api/modal/close", { user: this.user, custom_id: open.custom_id });
          this.modalShown = null;
        } }),
        el("button", { type: "submit", class: "submit", text: "Submit" })));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const values = {};
      for (const field of form.querySelectorAll("[name]")) {
        values[field.name] = field.dataset.select ? [...field.selectedOptions].map((o) => o.value) : field.value;
      }
      const result = await api("/api/modal", { user: this.user, custom_id: open.custom_id, values });
      if (!result.ok) { error.textContent = result.error || pageText(result.why || "failed", {}, this); return; }
      dialog.close();
      this.modalShown = null;
      await this.loadMessages();
    });
    dialog.replaceChildren(form);
    if (!dialog.open) dialog.showModal();
  }
}

// ---- the page ---------------------------------------------------------------------------------------------
function updateUrl() {
  const names = panes.map((p) => (p.world ? p.world.users.find((u) => u.id === p.user) : null)).filter(Boolean).map((u) => u.name);
  if (names.length) history.replaceState(null, "", `?as=${names.map(encodeURIComponent).join(",")}`);
}

async function addPane(userId) {
  const pane = new Pane(userId);
  panes.push(pane);
  document.getElementById("panes").append(pane.root);
  await pane.loadWorld();
  return pane;
}

function removePane() {
  const pane = panes.pop();
  if (pane) pane.root.remove();
}

async function start() {
  const params = new URLSearchParams(location.search);
  const wanted = (params.get("as") || "").split(",").filter(Boolean);
  const users = (await api("/api/users")).users || [];
  const byName = (name) => users.find((u) => u.name.toLowerCase() === name.toLowerCase());
  const chosen = wanted.map(byName).filter(Boolean);
  if (!chosen.length) chosen.push(users[0]);
  for (const user of chosen.slice(0, 2)) await addPane(user.id);
  const toggle = document.getElementById("side-by-side");
  toggle.checked = panes.length > 1;
  toggle.addEventListener("change", async () => {
    if (toggle.checked && panes.length < 2) {
      const taken = panes[0].user;
      const other = panes[0].world.users.find((u) => u.id !== taken) || panes[0].world.users[0];
      await addPane(other.id);
    } else if (!toggle.checked) {
      while (panes.length > 1) removePane();
    }
    updateUrl();
  });
  updateUrl();
  document.getElementById("add-user").addEventListener("submit", async (e) => {
    e.preventDefault();
    const form = e.target;
    const result = await api("/api/users", { name: form.name.value, language: form.language.value });
    const failed = result.error || (result.why ? pageText(result.why, {}, panes[panes.length - 1]) : "");
    form.querySelector(".form-error").textContent = failed;
    if (!failed) {
      form.name.value = "";
      await panes[panes.length - 1].switchUser(result.id);
    }
  });
  listen();
}

function listen() {
  const source = new EventSource("/api/events");
  source.onmessage = (event) => {
    const change = JSON.parse(event.data);
    for (const pane of panes) {
      if (change.kind === "message") {
        if (change.to && change.to !== pane.user) continue;
        if (change.channel === pane.channel) pane.refreshMessages();
        pane.refreshWorld();
      } else if (change.kind === "modal") {
        if (change.user === pane.user) pane.refreshWorld();
      } else {
        pane.refreshWorld();
      }
    }
  };
  source.onopen = () => panes.forEach((p) => p.refreshWorld());
}

start();
