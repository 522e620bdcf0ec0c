/**
 * Host applications for the embedding tests (docs/embedding.md), each on its own site:
 * - the allowlisted host on http://localhost:HOST_SITE_PORT (a different site from the portal on
 *   127.0.0.1), which embeds the portal with public/embed/passport-embed.js exactly as a host
 *   would, and records everything the portal tells it;
 * - a foreign site on http://127.0.0.2:FOREIGN_SITE_PORT, not on the allowlist, serving the same
 *   pages (it may not frame the portal, and opening it gets it nothing) and a page that posts
 *   messages at the portal's frame, and two attack pages: a link (`/link.html?to=`) and a popup it
 *   opens and then, on a second click, sends elsewhere (`/popup.html?open=&then=`).
 * Started and stopped by Playwright's webServer, by its own process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

const hostPort = Number(process.env.HOST_SITE_PORT ?? 3420);
const foreignPort = Number(process.env.FOREIGN_SITE_PORT ?? 3421);
const portal = process.env.EMBED_PORTAL_URL ?? "http://127.0.0.1:3402";

/** Everything the portal says, in order, with the time it arrived (for the 500 ms token delay). */
const RECORDER = `
  window.received = [];
  function record(type) {
    return function (value) { window.received.push({ type: type, value: value, at: performance.now() }); };
  }
  var handlers = {
    onReady: record("ready"), onHeight: record("height"), onRoute: record("route"), onLogin: record("login"),
    onToken: record("token"), onLogout: record("logout"), onSessionBlocked: record("sessionBlocked")
  };
`;

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host app</title>
<style>body{font-family:sans-serif;margin:0;padding:16px} #passport{width:900px}</style>
<script src="${portal}/embed/passport-embed.js"></script></head><body>${body}</body></html>`;
}

function pathOf(query: URLSearchParams, fallback: string): string {
  const path = query.get("path") ?? fallback;
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}

/** The same portal as a sibling site (localhost): a page there may use passkeys, 127.0.0.1 may not (no RP ID). */
const sibling = `http://localhost:${new URL(portal).port}`;

function framePage(query: URLSearchParams, foreignSender: boolean): string {
  const src = `${query.get("portal") === "sibling" ? sibling : portal}${pathOf(query, "/en/login")}`;
  const sender = foreignSender ? `<iframe id="foreign" src="http://127.0.0.2:${foreignPort}/sender.html" style="width:10px;height:10px;border:0"></iframe>` : "";
  return page(`<h1>Host app</h1><div id="passport"></div>${sender}
<script>${RECORDER}
  handlers.container = "#passport";
  handlers.src = ${JSON.stringify(src)};
  window.portal = PassportEmbed.frame(handlers);
</script>`);
}

function windowPage(query: URLSearchParams): string {
  const src = `${portal}${pathOf(query, "/en/login")}`;
  return page(`<h1>Host app</h1><button id="open">Open Passport</button>
<script>${RECORDER}
  handlers.src = ${JSON.stringify(src)};
  document.getElementById("open").addEventListener("click", function () { window.opened = PassportEmbed.window(handlers); });
</script>`);
}

/**
 * Posts a well-formed reload at the portal's frame (its sibling) from a foreign origin, addressed
 * to the portal's exact origin: the browser delivers it, and the portal must ignore it because it
 * does not come from its parent. It is posted to every sibling frame, since their order in
 * `parent.frames` is the browser's (Chromium lists this frame first: `frames[0]` was this frame
 * itself, and the message was never sent); the target origin lets only the portal's frame have it.
 */
const SENDER = `<!doctype html><script>
  window.addEventListener("message", function (event) {
    if (event.data !== "fire") return;
    for (var i = 0; i < parent.frames.length; i++) {
      if (parent.frames[i] === window) continue;
      parent.frames[i].postMessage({ protocol: "passport", version: 1, type: "reload" }, ${JSON.stringify(new URL(portal).origin)});
    }
  });
</script>`;

/** Only an address on the loopback range: these pages point at the test portals, nothing else. */
function loopbackUrl(value: string | null): string | null {
  try {
    const url = new URL(value ?? "");
    return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname.startsWith("127.")) ? url.href : null;
  } catch {
    return null;
  }
}

/** A hostile page: a plain link to `to` (e.g. the portal with someone else's token in the address). */
function linkPage(query: URLSearchParams): string {
  const to = loopbackUrl(query.get("to")) ?? "about:blank";
  return `<!doctype html><html><head><meta charset="utf-8"><title>Win a laser</title></head><body><a id="bait" href="${to.replace(/"/g, "&quot;")}">Claim your prize</a></body></html>`;
}

/**
 * A hostile page: opens a popup at `open` (a portal page that starts something, e.g. a social
 * sign-in) and, `after` ms later, sends that popup to `then` (e.g. the callback with its own token).
 */
function popupPage(query: URLSearchParams): string {
  const open = loopbackUrl(query.get("open")) ?? "about:blank";
  const then = loopbackUrl(query.get("then")) ?? "about:blank";
  // the second step on a click of its own, not a timer: Chromium lets a navigation without user
  // activation leave a pending one made with it alone, so a timer that fired while the popup's
  // first page was still loading (a busy machine) did nothing
  return `<!doctype html><html><head><meta charset="utf-8"><title>Win a laser</title></head><body>
<button id="bait">Claim your prize</button> <button id="then">Claim it now</button>
<script>
  var popup = null;
  document.getElementById("bait").addEventListener("click", function () {
    popup = window.open(${JSON.stringify(open)}, "prize", "popup=yes,width=480,height=720");
  });
  document.getElementById("then").addEventListener("click", function () {
    if (popup) popup.location = ${JSON.stringify(then)};
  });
</script></body></html>`;
}

function serve(foreign: boolean) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://host.invalid");
    const html = (body: string) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(body);
    };
    if (url.pathname === "/health") return void res.end("ok");
    if (url.pathname === "/frame.html") return html(framePage(url.searchParams, !foreign));
    if (url.pathname === "/window.html") return html(windowPage(url.searchParams));
    if (url.pathname === "/sender.html") return html(SENDER);
    if (foreign && url.pathname === "/link.html") return html(linkPage(url.searchParams));
    if (foreign && url.pathname === "/popup.html") return html(popupPage(url.searchParams));
    res.writeHead(404).end();
  };
}

createServer(serve(false)).listen(hostPort, "127.0.0.1");
createServer(serve(true)).listen(foreignPort, "127.0.0.2");
