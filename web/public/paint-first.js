// A page the server sent already drawn (a prerendered public page, see server/http/web-app.ts) starts the app only
// after the browser has painted it, so a slow phone shows the page first and runs the JavaScript second. The app's
// entry then imports its chunks in parallel.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  requestAnimationFrame(function () {
    setTimeout(function () {
      import(entry);
    }, 0);
  });
})();
