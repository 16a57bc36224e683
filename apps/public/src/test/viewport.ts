/**
 * A stand-in for window.matchMedia (jsdom has none) that answers min-width/max-width queries
 * for a viewport width the test sets, and fires `change` when that width changes.
 */
type Listener = (event: MediaQueryListEvent) => void;

const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();
let width = 375;

function evaluate(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (min?.[1] && width < Number(min[1])) return false;
  if (max?.[1] && width > Number(max[1])) return false;
  return Boolean(min ?? max);
}

function matchMedia(query: string): MediaQueryList {
  const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
  lists.add(entry);
  return {
    media: query,
    get matches() {
      return evaluate(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
    addListener: (listener: Listener) => entry.listeners.add(listener),
    removeListener: (listener: Listener) => entry.listeners.delete(listener),
    dispatchEvent: () => false,
  } as unknown as MediaQueryList;
}

export function setViewportWidth(next: number): void {
  width = next;
  window.matchMedia = matchMedia;
  for (const entry of lists) {
    const matches = evaluate(entry.query);
    if (matches === entry.last) continue;
    entry.last = matches;
    const event = { matches, media: entry.query } as MediaQueryListEvent;
    entry.listeners.forEach((listener) => {
      listener(event);
    });
  }
}
