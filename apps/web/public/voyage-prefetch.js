// A guest opening a voyage's page asks for the voyage while the app's code downloads, not after it
// has run: the page's text (its largest paint) then waits for one round trip less on a phone network.
// The app adopts the answer (src/app/router.tsx, prefetchVoyageForGuest); a failed or refused request
// is simply asked again by the app, which reports the error as usual.
// A classic script (the page shell adds it, async, to a voyage's page only): its names stay inside this block.
{
  // Every language's address of the page (/voyages/…, /fr/voyages/…); the answer does not depend on the language.
  const match = /^(?:\/(?:fr|de|es|it))?\/voyages\/([^/]+)\/?$/.exec(window.location.pathname);
  let signedIn = true;
  try {
    signedIn = Boolean(window.localStorage.getItem('crew.access_token'));
  } catch {
    // Storage refused: let the app ask.
  }
  if (match && !signedIn) {
    const id = decodeURIComponent(match[1]);
    window.__crewEarlyVoyage = {
      id,
      answer: fetch(`/api/voyages/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null),
    };
  }
}
