import { Alert } from './Alert';

interface Props {
  /** The message; nothing is shown while it is null (or empty). */
  text: string | null;
  /** 'success' for a change that worked (the default), 'error' for one that did not. */
  tone?: 'success' | 'error';
  /** Called with null when dismissed, so a state setter fits: `onDismiss={setNotice}`. */
  onDismiss: (cleared: null) => void;
}

/** A screen's dismissible message above its content: what a change did, or why it failed. */
export function Notice({ text, tone = 'success', onDismiss }: Props) {
  if (!text) return null;
  return (
    <Alert
      tone={tone}
      onDismiss={() => {
        onDismiss(null);
      }}
    >
      {text}
    </Alert>
  );
}
