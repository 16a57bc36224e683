import { setDataSaver, useDataSaver } from '../../lib/data-saver';
import { t } from '../../i18n';

/**
 * The visible data-saver switch (issue 22): on, the site loads one small hero picture, no
 * decorative pictures, and video thumbnails and the map only when asked. The choice is
 * remembered on this phone (lib/data-saver.ts).
 */
export function DataSaverSwitch() {
  const saving = useDataSaver();
  return (
    <div className="data-saver">
      <button
        type="button"
        role="switch"
        aria-checked={saving}
        aria-describedby="data-saver-hint"
        className="data-saver-switch"
        onClick={() => {
          setDataSaver(!saving);
        }}
      >
        <span className="data-saver-track" aria-hidden="true">
          <span className="data-saver-thumb" />
        </span>
        {t('layout.dataSaver')}
      </button>
      <span id="data-saver-hint" className="data-saver-hint">
        {saving ? t('layout.dataSaverOn') : t('layout.dataSaverOff')}
      </span>
    </div>
  );
}
