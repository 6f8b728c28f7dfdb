// A receipt as the paper would show it: a monospace column of the printer's width (32 columns
// on 58 mm paper, 48 on 80 mm), with the line styles, rules, boxes and cuts of the receipt-line
// model. Unknown line types print their value as text, as the printer does.
import { Fragment } from 'react';
import type { ReceiptLine } from '../../../shared/receipt';
import './ReceiptPreview.css';

export function columnsFor(paperWidth: number): number {
  return paperWidth === 58 ? 32 : 48;
}

/** Breaks text into rows of at most `columns` characters, at spaces where it can. */
export function wrapRows(text: string, columns: number): string[] {
  const rows: string[] = [];
  let rest = text;
  while (rest.length > columns) {
    const cut = rest.lastIndexOf(' ', columns);
    if (cut > 0 && rest.slice(0, cut).trim() !== '') {
      rows.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut + 1).trimStart();
    } else {
      rows.push(rest.slice(0, columns));
      rest = rest.slice(columns);
    }
  }
  if (rest.length > 0 || rows.length === 0) rows.push(rest);
  return rows;
}

function styleClass(format: readonly string[]): string {
  const bold = format.includes('BOLD');
  const tall = format.includes('DOUBLE_HEIGHT');
  const wide = format.includes('DOUBLE_WIDTH');
  const size = tall && wide ? 'receipt-big' : tall ? 'receipt-tall' : wide ? 'receipt-wide' : '';
  return ['receipt-row', bold ? 'receipt-bold' : '', size].filter(Boolean).join(' ');
}

function TextLine({ line, columns }: { line: ReceiptLine; columns: number }) {
  const perRow = line.format.includes('DOUBLE_WIDTH') ? Math.floor(columns / 2) : columns;
  const className = styleClass(line.format);
  return (
    <>
      {wrapRows(line.value, perRow).map((row, i) => (
        <div key={i} className={className}>
          <span>{row || '\u00a0'}</span>
        </div>
      ))}
    </>
  );
}

function ReceiptLineView({ line, columns }: { line: ReceiptLine; columns: number }) {
  switch (line.type) {
    case 'CARRIAGE_RETURN':
      return line.value ? (
        <TextLine line={line} columns={columns} />
      ) : (
        <div className="receipt-row">{'\u00a0'}</div>
      );
    case 'LINE_SEPARATOR':
      return (
        <div className="receipt-row receipt-rule" role="separator">
          {'─'.repeat(columns)}
        </div>
      );
    case 'DOUBLE_LINE_SEPARATOR':
      return (
        <div className="receipt-row receipt-rule" role="separator">
          {'═'.repeat(columns)}
        </div>
      );
    case 'VOID_BOX':
    case 'DECLINE_BOX':
      return (
        <div className={`receipt-box receipt-box-${line.type === 'VOID_BOX' ? 'void' : 'decline'}`}>
          {line.value || (line.type === 'VOID_BOX' ? 'VOID' : 'DECLINED')}
        </div>
      );
    case 'TICKET_FEED':
      return <div className="receipt-cut" role="separator" aria-label="Paper cut" />;
    default:
      // TEXT, and any type the model does not know yet: its value, never dropped.
      return <TextLine line={line} columns={columns} />;
  }
}

function DuplicateBanner() {
  return <div className="receipt-duplicate">DUPLICATE</div>;
}

export interface ReceiptPreviewProps {
  lines: readonly ReceiptLine[];
  paperWidth: number;
  duplicate?: boolean;
  /** Accessible name of the receipt, e.g. "Receipt test-page-preview-…". */
  label: string;
}

export function ReceiptPreview({ lines, paperWidth, duplicate = false, label }: ReceiptPreviewProps) {
  const columns = columnsFor(paperWidth);
  return (
    <figure
      className={`receipt-paper receipt-cols-${columns}`}
      aria-label={label}
      data-testid="receipt-preview"
    >
      {duplicate && <DuplicateBanner />}
      {lines.map((line, i) => (
        <Fragment key={i}>
          <ReceiptLineView line={line} columns={columns} />
          {/* Like the printed reprint: every ticket after a cut is marked too. */}
          {duplicate && line.type === 'TICKET_FEED' && i < lines.length - 1 && <DuplicateBanner />}
        </Fragment>
      ))}
    </figure>
  );
}
