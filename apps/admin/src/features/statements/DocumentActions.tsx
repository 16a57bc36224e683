interface Props {
  canPrint: boolean;
  canExport: boolean;
  /** The CSV is being gathered (a batch is read 50 statements at a time). */
  exporting?: boolean;
  onExport: () => void;
}

/** A document page's header buttons: Print (only the print area is printed) and Download CSV. */
export function DocumentActions({ canPrint, canExport, exporting = false, onExport }: Props) {
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!canPrint}
        onClick={() => {
          window.print();
        }}
      >
        Print
      </button>
      <button type="button" className="btn btn-secondary" disabled={exporting || !canExport} onClick={onExport}>
        {exporting ? 'Exporting...' : 'Download CSV'}
      </button>
    </>
  );
}
