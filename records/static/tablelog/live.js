// A page that follows a stream: the element with data-live="<stream URL>" is fetched again
// and swapped (htmx) whenever the stream tells of something new, so the page shows what was
// just logged without a reload. A play's page that shows its last event moves on to the new
// last one; one stepped back to an earlier event stays there (its log and slider grow).
// Someone typing in a form on the page is not interrupted: the refresh waits until they
// leave the form. The [data-live-state] badge says whether the stream is connected.
(() => {
  const page = document.querySelector("[data-live]");
  if (!page || !window.EventSource) return;
  const id = page.id;
  let connection = "connecting";
  let waiting = false;
  const state = (text) => {
    connection = text;
    document.querySelectorAll("[data-live-state]").forEach((badge) => (badge.textContent = text));
  };

  const address = () => {
    const stage = document.getElementById("stage");
    const url = new URL(location.href);
    if (!stage || stage.dataset.seq === stage.dataset.last) url.searchParams.delete("seq");
    return url.href;
  };
  const typing = () => document.activeElement && document.activeElement.closest(`#${id} form`);
  const refresh = () => {
    if (typing()) {
      waiting = true;
      return;
    }
    waiting = false;
    htmx.ajax("GET", address(), { target: `#${id}`, select: `#${id}`, swap: "outerHTML" }).then(() => state(connection));
  };
  document.addEventListener("focusout", () => setTimeout(() => waiting && !typing() && refresh()));

  const source = new EventSource(page.dataset.live);
  source.onopen = () => state("live");
  source.onerror = () => state(source.readyState === EventSource.CLOSED ? "offline" : "reconnecting");
  source.onmessage = refresh;
  ["play", "results"].forEach((name) => source.addEventListener(name, refresh));
  // What the reader may see changed, or they may no longer read: the page itself says which.
  ["refused", "reconnect"].forEach((name) => source.addEventListener(name, () => location.reload()));
})();
