// A receipt as the paper would show it: the rows of the printer's own layout
// (shared/receipt-layout.ts) in a monospace column of the printer's width (32 columns on 58 mm
// paper, 48 on 80 mm), with '?' wherever the printer prints '?'. Boxes, the DUPLICATE banner and
// cuts are drawn with CSS rather than as the characters the printer frames them with.
import type { CodePage } from '../../../shared/code-pages';
import { COLUMNS, layoutReceipt, type PaperRow, type TextStyle } from '../../../shared/receipt-layout';
import type { ReceiptLine } from '../../../shared/receipt';
import './ReceiptPreview.css';
import { i18n, useFormat } from '../i18n';

function styleClass(style: TextStyle): string {
  const { bold, doubleHeight: tall, doubleWidth: wide } = style;
  const size = tall && wide ? 'receipt-big' : tall ? 'receipt-tall' : wide ? 'receipt-wide' : '';
  return ['receipt-row', bold ? 'receipt-bold' : '', size].filter(Boolean).join(' ');
}

function PaperRowView({ row }: { row: PaperRow }) {
  switch (row.kind) {
    case 'text':
      return (
        <div className={styleClass(row.style)}>
          <span>{row.text || '\u00a0'}</span>
        </div>
      );
    case 'rule':
      return (
        <div className={`${styleClass(row.style)} receipt-rule`} role="separator">
          <span>{row.text}</span>
        </div>
      );
    case 'box':
      return (
        <div className={row.box === 'duplicate' ? 'receipt-duplicate' : `receipt-box receipt-box-${row.box}`}>
          {row.words.map((words, i) => (
            <div key={i}>{words}</div>
          ))}
        </div>
      );
    case 'cut':
      return <div className="receipt-cut" role="separator" aria-label={i18n.t('printer.paperCut')} />;
  }
}

export interface ReceiptPreviewProps {
  lines: readonly ReceiptLine[];
  paperWidth: number;
  /** The printer's code page; the on-screen preview printer's (CP858) when not given. */
  codePage?: CodePage;
  duplicate?: boolean;
  /** Accessible name of the receipt, e.g. "Receipt test-page-preview-…". */
  label: string;
}

export function ReceiptPreview({
  lines,
  paperWidth,
  codePage = 'cp858',
  duplicate = false,
  label,
}: ReceiptPreviewProps) {
  const width = paperWidth === 58 ? 58 : 80;
  // The banners in the shop's language, as the printer prints them (shared/receipt-words.ts).
  const { locale } = useFormat();
  const rows = layoutReceipt(lines, { paperWidth: width, codePage, duplicate, locale });
  return (
    <figure
      className={`receipt-paper receipt-cols-${COLUMNS[width]}`}
      aria-label={label}
      data-testid="receipt-preview"
    >
      {rows.map((row, i) => (
        <PaperRowView key={i} row={row} />
      ))}
    </figure>
  );
}
