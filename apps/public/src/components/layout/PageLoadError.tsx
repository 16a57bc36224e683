import { Page } from '../ui/Page';

/** Shown inside the layout when a page fails, typically a page chunk that could not download. */
export function PageLoadError() {
  return (
    <Page title="This page could not be loaded">
      <p>Check your internet connection and try again.</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          window.location.reload();
        }}
      >
        Try again
      </button>
    </Page>
  );
}
