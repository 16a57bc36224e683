import { provide, t } from '../../i18n';
import { formatKes } from './payment';
import { giving as givingTexts } from '../../i18n/en/giving';

provide(givingTexts);

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
    <div className="quick-amounts" role="group" aria-label={t('giving.quickAmounts')}>
      {amounts.map((amount) => (
        <button
          key={amount}
          type="button"
          className="quick-amount"
          aria-label={t('giving.kesAmount', { amount: formatKes(amount) })}
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
