import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './ui.css';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  /** Called on Escape, on the close button and (small dialogs only) on a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** While true (e.g. saving) the dialog cannot be closed. */
  busy?: boolean;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  size?: 'small' | 'large';
  /** Element id of the text that describes the dialog (confirmations). */
  describedBy?: string;
  /** Selector of the element to focus first; default the first field or button. */
  initialFocus?: string;
}

/**
 * A modal dialog: rendered over the page, focus moves in and stays in (Tab wraps), Escape or
 * the × button closes it, and focus returns to where it was when it closes. Full screen on a
 * phone.
 */
export function Modal({ title, onClose, children, busy = false, role = 'dialog', size = 'large', describedBy, initialFocus }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const isBusy = useRef(busy);
  useEffect(() => {
    close.current = onClose;
    isBusy.current = busy;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const first =
      (initialFocus ? root?.querySelector<HTMLElement>(initialFocus) : null) ??
      root?.querySelector('.modal-body')?.querySelector<HTMLElement>(focusable) ??
      root;
    first?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // The opener may be gone (its row was deleted): then the page's heading takes focus, so
      // keyboard and screen-reader users are not dropped at the top of the document.
      if (opener?.isConnected) opener.focus();
      else document.querySelector<HTMLElement>('.page-header h1')?.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!isBusy.current) close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    if (!firstItem || !lastItem) return;
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        // A stray click beside a form must not throw away what was typed: only the small
        // confirmation dialogs close this way.
        if (event.target === event.currentTarget && !busy && size === 'small') onClose();
      }}
    >
      <div
        ref={panel}
        className={`modal modal-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" onClick={onClose} disabled={busy} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
