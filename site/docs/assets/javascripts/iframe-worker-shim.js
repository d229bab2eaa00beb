/*
 * Search on a site opened from disk (file://).
 *
 * The theme (mkdocs-material) runs its search in a Web Worker, and a browser refuses to start a
 * worker from a file:// address. Material's offline plugin loads a shim for this from unpkg.com,
 * which an offline reader cannot reach; this file is Chartroom's own shim, shipped with the site
 * (its name contains "iframe-worker", so the offline plugin adds no remote copy).
 *
 * Only on file:// pages, Worker is replaced by IFrameWorker: the worker's script runs in a hidden
 * iframe of the same page, where postMessage hands a message back to the page and the page's
 * messages arrive as "message" events, as they would in a worker. importScripts (the theme calls
 * it only for languages other than English) loads scripts into the iframe and returns a promise.
 * Served over http(s), the browser's own Worker is used and this file does nothing.
 */
(function () {
  "use strict";
  if (location.protocol !== "file:" || typeof window === "undefined") {
    return;
  }

  function IFrameWorker(url) {
    var target = document.createDocumentFragment();  // an EventTarget the page listens on
    var self = this;
    var queue = [];
    var ready = false;
    var frame = document.createElement("iframe");

    this.onmessage = null;
    this.onerror = null;
    this.addEventListener = target.addEventListener.bind(target);
    this.removeEventListener = target.removeEventListener.bind(target);
    this.dispatchEvent = target.dispatchEvent.bind(target);

    function toPage(data) {
      setTimeout(function () {
        var event = new MessageEvent("message", { data: data });
        if (typeof self.onmessage === "function") {
          self.onmessage(event);
        }
        target.dispatchEvent(event);
      }, 0);
    }

    function toWorker(data) {
      var win = frame.contentWindow;
      setTimeout(function () {
        win.dispatchEvent(new win.MessageEvent("message", { data: data }));
      }, 0);
    }

    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.style.display = "none";
    document.body.appendChild(frame);

    var win = frame.contentWindow;
    var doc = frame.contentDocument;
    win.postMessage = toPage;  // the worker's postMessage(data) reaches the page
    win.importScripts = function () {
      var urls = Array.prototype.slice.call(arguments);
      return urls.reduce(function (previous, src) {
        return previous.then(function () {
          return new Promise(function (resolve, reject) {
            var script = doc.createElement("script");
            script.src = new URL(src, url).href;
            script.onload = resolve;
            script.onerror = reject;
            doc.head.appendChild(script);
          });
        });
      }, Promise.resolve());
    };

    var script = doc.createElement("script");
    script.src = new URL(url, location.href).href;
    script.onload = function () {
      ready = true;
      queue.splice(0).forEach(toWorker);
    };
    script.onerror = function (error) {
      var event = new ErrorEvent("error", { message: "cannot load " + script.src, error: error });
      if (typeof self.onerror === "function") {
        self.onerror(event);
      }
      target.dispatchEvent(event);
    };
    doc.head.appendChild(script);

    this.postMessage = function (data) {
      if (ready) {
        toWorker(data);
      } else {
        queue.push(data);
      }
    };
    this.terminate = function () {
      frame.remove();
    };
  }

  window.IFrameWorker = IFrameWorker;  // the theme's search worker looks for it to find its lunr files
  window.Worker = IFrameWorker;
})();
