import { formatKes } from './payment';

/** Buttons that fill the amount field; the chosen one is pressed. Each is named "KES 1,000". */
export function QuickAmounts({
  amounts,
  value,
  onPick,
  disabled = false,
}: {
  amounts: readonly number[];
  /** The amount field's current value, as typed. */
  value: string;
  onPick: (amount: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="quick-amounts" role="group" aria-label="Quick amounts (KES)">
      {amounts.map((amount) => (
        <button
          key={amount}
          type="button"
          className="quick-amount"
          aria-label={`KES ${formatKes(amount)}`}
          aria-pressed={value.trim() === String(amount)}
          disabled={disabled}
          onClick={() => {
            onPick(String(amount));
          }}
        >
          {formatKes(amount)}
        </button>
      ))}
    </div>
  );
}
