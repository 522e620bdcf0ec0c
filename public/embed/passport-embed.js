/*!
 * passport-embed.js: embed the Passport portal in a host page (docs/embedding.md).
 * Protocol "passport" version 1 (docs/host-protocol.md; lib/contract/host-bridge.ts).
 *
 *   <div id="passport"></div>
 *   <script src="https://passport.example.com/embed/passport-embed.js"></script>
 *   <script>
 *     const portal = PassportEmbed.frame({
 *       container: "#passport",
 *       src: "https://passport.example.com/en/login?p=atomm",
 *       onLogin: () => {}, onToken: (token) => {}, onLogout: () => {},
 *     });
 *     portal.reload();
 *     PassportEmbed.window({ src: "https://passport.example.com/en/login", onToken: (token) => {} });
 *     // FedCM where the browser has it, else the frame (docs/fedcm.md)
 *     PassportEmbed.signIn({ configURL: "https://passport.example.com/oidc/fedcm/config.json",
 *       clientId: "…", params: { code_challenge: "…", nonce: "…" }, onCode: (code) => {},
 *       fallback: { container: "#passport", src: "https://passport.example.com/en/login" } });
 *   </script>
 *
 * Messages are accepted only from the portal's window and origin, and only in the protocol's
 * shape; everything the host sends goes to the portal's exact origin, never "*".
 */
(function (global) {
  "use strict";

  var PROTOCOL = "passport";
  var VERSION = 1;
  var MIN_HEIGHT = 520;
  var MAX_HEIGHT = 100000;
  var TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;
  var PATH = /^\/[^\s]{0,2047}$/;
  var EVENTS = ["ready", "height", "route", "login", "token", "logout", "sessionBlocked"];

  function isLang(value) {
    return value === "en" || value === "zh";
  }

  function isPath(value) {
    return typeof value === "string" && PATH.test(value);
  }

  /** A message of the portal, checked; null for anything else. */
  function read(data) {
    if (!data || typeof data !== "object" || Array.isArray(data)) return null;
    if (data.protocol !== PROTOCOL || data.version !== VERSION) return null;
    switch (data.type) {
      case "ready":
      case "route":
        return isLang(data.lang) && isPath(data.path) ? { type: data.type, lang: data.lang, path: data.path } : null;
      case "height":
        return typeof data.height === "number" && Math.floor(data.height) === data.height && data.height >= MIN_HEIGHT && data.height <= MAX_HEIGHT
          ? { type: "height", height: data.height }
          : null;
      case "token":
        return typeof data.token === "string" && TOKEN.test(data.token) ? { type: "token", token: data.token } : null;
      case "login":
      case "logout":
      case "sessionBlocked":
        return { type: data.type };
      default:
        return null;
    }
  }

  function originOf(src) {
    var url = new URL(src, global.location.href);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("PassportEmbed: src must be an http(s) address");
    return url.origin;
  }

  function callbackName(type) {
    return "on" + type.charAt(0).toUpperCase() + type.slice(1);
  }

  /** Listeners for one portal window; options.onLogin etc. are listeners too. */
  function emitter(options) {
    var listeners = {};
    EVENTS.forEach(function (type) {
      listeners[type] = [];
      var callback = options[callbackName(type)];
      if (typeof callback === "function") listeners[type].push(callback);
    });
    return {
      on: function (type, listener) {
        if (!listeners[type]) throw new Error("PassportEmbed: unknown event " + type);
        listeners[type].push(listener);
        return function () {
          listeners[type] = listeners[type].filter(function (l) {
            return l !== listener;
          });
        };
      },
      emit: function (message) {
        var value = message.type === "token" ? message.token : message.type === "height" ? message.height : message;
        listeners[message.type].forEach(function (listener) {
          try {
            listener(value, message);
          } catch (error) {
            setTimeout(function () {
              throw error;
            });
          }
        });
      },
    };
  }

  /** Whether `candidate` is a window that `frame` opened (the portal's "continue in a new window"). */
  function openedBy(candidate, frame) {
    try {
      return Boolean(candidate && frame && candidate !== frame && candidate.opener === frame);
    } catch {
      return false;
    }
  }

  /**
   * Listens to one window of the portal: its source and origin exactly, its messages checked. With
   * `orOpened`, also a window that this source opened: the portal's frame offers to continue in a
   * new window where the browser keeps no cookie in frames, and that window hands the sign-in to
   * this page directly (the portal never passes the token through its own frame).
   */
  function listen(source, origin, handle, orOpened) {
    function onMessage(event) {
      if (event.origin !== origin) return;
      var own = event.source === source();
      if (!own && !(orOpened && openedBy(event.source, source()))) return;
      var message = read(event.data);
      // from the opened window, only the sign-in itself
      if (message && (own || message.type === "login" || message.type === "token")) handle(message);
    }
    global.addEventListener("message", onMessage);
    return function () {
      global.removeEventListener("message", onMessage);
    };
  }

  /** Embeds the portal in an iframe inside `container` (an element or a selector). */
  function frame(options) {
    var container = typeof options.container === "string" ? global.document.querySelector(options.container) : options.container;
    if (!container) throw new Error("PassportEmbed: no container");
    var origin = originOf(options.src);
    var minHeight = Math.max(MIN_HEIGHT, Number(options.minHeight) || MIN_HEIGHT);
    var iframe = global.document.createElement("iframe");
    iframe.src = options.src;
    iframe.title = options.title || "Passport";
    // the portal learns which host framed it from this (it must be on its allowlist)
    iframe.referrerPolicy = "origin";
    // passkeys inside the frame: WebAuthn in a cross-origin frame needs its host to delegate it;
    // without an origin the delegation is to the frame's own src, the portal, and nothing else.
    // FedCM too (identity-credentials-get): after a FedCM sign-in on this page, Chromium then
    // grants the portal's frame storage access without a prompt (docs/fedcm.md)
    iframe.setAttribute("allow", "publickey-credentials-get; publickey-credentials-create; identity-credentials-get");
    iframe.style.cssText = "display:block;width:100%;border:0;height:" + minHeight + "px";
    var events = emitter(options);
    var stop = listen(
      function () {
        return iframe.contentWindow;
      },
      origin,
      function (message) {
        if (message.type === "height") iframe.style.height = Math.max(minHeight, message.height) + "px";
        events.emit(message);
      },
      true,
    );
    container.appendChild(iframe);
    return {
      iframe: iframe,
      origin: origin,
      on: events.on,
      /** asks the portal to reload its page */
      reload: function () {
        if (iframe.contentWindow) iframe.contentWindow.postMessage({ protocol: PROTOCOL, version: VERSION, type: "reload" }, origin);
      },
      destroy: function () {
        stop();
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }

  /** Opens the portal in a window (window mode): it hands a sign-in to this page and closes. */
  function openWindow(options) {
    var origin = originOf(options.src);
    var url = new URL(options.src, global.location.href);
    url.searchParams.set("embed", "window");
    var opened = global.open(url.href, options.name || "passport", options.features || "popup=yes,width=480,height=720");
    if (!opened) throw new Error("PassportEmbed: the window was blocked");
    var events = emitter(options);
    var stop = listen(
      function () {
        return opened;
      },
      origin,
      events.emit,
    );
    return {
      window: opened,
      origin: origin,
      on: events.on,
      close: function () {
        stop();
        opened.close();
      },
    };
  }

  /** Whether this browser offers FedCM (Chromium); Firefox and Safari use the frame. */
  function hasFedcm() {
    return typeof global.IdentityCredential === "function" && Boolean(global.navigator.credentials);
  }

  /**
   * Sign-in through the browser's own "Continue as …" dialog (FedCM, docs/fedcm.md): resolves with
   * `{ code }` (also given to onCode), an authorization code of the passport's OpenID Provider for
   * the app, which the brand's server redeems at the token endpoint. `mode` "active" shows the
   * dialog for the click that called it; otherwise ("passive", on load) the browser shows its quiet
   * prompt. Where the browser has no FedCM, or the user dismissed it, or is not signed in to the
   * passport, the portal's frame is embedded instead with `fallback` (PassportEmbed.frame's options)
   * and the promise resolves with that frame; onFallback(frame, reason) says so.
   */
  function signIn(options) {
    function embedFrame(reason) {
      var embedded = options.fallback ? frame(options.fallback) : null;
      if (typeof options.onFallback === "function") options.onFallback(embedded, reason);
      return embedded;
    }
    if (!hasFedcm()) return Promise.resolve(embedFrame("unsupported"));
    var provider = { configURL: options.configURL, clientId: options.clientId };
    if (options.params) provider.params = options.params;
    var request = { identity: { providers: [provider] } };
    if (options.mode === "active") request.identity.mode = "active";
    else request.mediation = "optional";
    return global.navigator.credentials.get(request).then(
      function (credential) {
        if (!credential || typeof credential.token !== "string") return embedFrame("noCredential");
        if (typeof options.onCode === "function") options.onCode(credential.token);
        return { code: credential.token };
      },
      function (error) {
        return embedFrame((error && error.name) || "failed");
      },
    );
  }

  global.PassportEmbed = { frame: frame, window: openWindow, signIn: signIn, read: read, PROTOCOL: PROTOCOL, VERSION: VERSION, MIN_HEIGHT: MIN_HEIGHT };
})(window);
