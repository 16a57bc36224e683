import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** When this changes (another page), the error is forgotten. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * Catches a failing page (most often a page chunk that could not download on a bad connection)
 * inside the layout, so the menu stays usable, and offers to try again.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="notice-page" role="alert">
        <h1>This page could not be shown</h1>
        <p>Something went wrong while opening this page. Check your internet connection, then try again.</p>
        <button type="button" className="button button-inline" onClick={() => { window.location.reload(); }}>
          Try again
        </button>
      </section>
    );
  }
}
