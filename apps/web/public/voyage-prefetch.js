// A guest opening a voyage's page, or the list of voyages, asks for what the page shows while the app's
// code downloads, not after it has run: the page's text (its largest paint) then waits for one round trip
// less on a phone network. The app adopts the answer (src/app/router.tsx, prefetchVoyageForGuest;
// VoyagesPage.tsx, prefetchGuestList) when it is the very request it would make; a failed or refused
// request is simply asked again by the app, which reports the error as usual.
// A classic script (the page shell adds it, async, to these pages only): its names stay inside this block.
// Once the app has started it marks each early answer taken (null), and a late script asks for nothing.
{
  const LANGUAGE_PREFIX = '(?:/(?:fr|de|es|it))?';
  const path = window.location.pathname;
  const voyage = new RegExp(`^${LANGUAGE_PREFIX}/voyages/([^/]+)/?$`).exec(path);
  const list = new RegExp(`^${LANGUAGE_PREFIX}/voyages/?$`).test(path);
  let signedIn = true;
  try {
    signedIn = Boolean(window.localStorage.getItem('crew.access_token'));
  } catch {
    // Storage refused: let the app ask.
  }
  // A voyage's page may carry the answer itself, read by the server (apps/api/src/platform/http/page-shell.ts,
  // withAnswer), just before this script: then nothing is asked at all. A page read more than a few minutes ago
  // (a copy the device kept for offline use) leaves the question to the app, which knows how to say it is offline.
  const CARRIED_FOR_MS = 5 * 60 * 1000;
  const carried = (url) => {
    const block = document.getElementById('early-answer');
    if (!block || block.dataset.url !== url) return undefined;
    if (!(Math.abs(Date.now() - Number(block.dataset.readAt)) < CARRIED_FOR_MS)) return undefined;
    try {
      return JSON.parse(block.textContent);
    } catch {
      return undefined;
    }
  };
  const ask = (url) => {
    const answer = carried(url);
    if (answer !== undefined) return Promise.resolve(answer);
    return fetch(url, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  };
  if (!signedIn && voyage && window.__crewEarlyVoyage === undefined) {
    const id = decodeURIComponent(voyage[1]);
    window.__crewEarlyVoyage = { id, answer: ask(`/api/voyages/${encodeURIComponent(id)}`) };
  }
  if (!signedIn && list && window.__crewEarlyList === undefined) {
    // The list as a link opens it (?view=list, perhaps a page): any other filter is left to the app.
    const search = new URLSearchParams(window.location.search);
    const page = search.has('page') ? Number(search.get('page')) : 1;
    const plain = [...search.keys()].every((key) => key === 'view' || key === 'page');
    if (search.get('view') === 'list' && plain && Number.isInteger(page) && page >= 1) {
      const url = `/api/voyages/?limit=20&offset=${(page - 1) * 20}`;
      window.__crewEarlyList = { url, answer: ask(url) };
    }
  }
}
