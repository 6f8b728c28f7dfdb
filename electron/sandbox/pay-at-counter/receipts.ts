// Card slips in the UK Ingenico layout (see ../shared/notes/sample-receipts.json): the merchant
// copy carries full ids and "PLEASE DEBIT MY ACCOUNT", the customer copy masked ids.
import { formatMoneyPlain } from '../../../shared/money';
import { line, text, type ReceiptLine } from '../../../shared/receipt';
import type { CardProfile } from './scripts';

export const SANDBOX_MERCHANT = {
  name: 'PAYDESK SANDBOX CAFE',
  address: ['1 EXAMPLE STREET', 'LONDON SE1 9AB'],
  merchantId: '21345678',
};

const SLIP_WIDTH = 24;

export interface SlipInput {
  copy: 'MERCHANT' | 'CUSTOMER';
  tid: string;
  transactionType: string;
  transactionNumber: string;
  currency: string;
  card: CardProfile;
  amountBase: number;
  amountCashback: number;
  amountGratuity: number;
  amountTotal: number;
  authCode: string;
  /** Final result, or null while the signature is still being checked. */
  result: string | null;
  /** Why a decline happened, for the words under the DECLINE_BOX. */
  declinedBy?: 'BANK' | 'CARD';
  signatureDeclined?: boolean;
  time: Date;
}

function mask(value: string, keep: number, stars: number): string {
  return `${'*'.repeat(stars)}${value.slice(-keep)}`;
}

function amountLine(label: string, minor: number, currency: string): string {
  const value = formatMoneyPlain(minor, currency);
  return `${label}${value.padStart(Math.max(SLIP_WIDTH - label.length, value.length + 1))}`;
}

function slipDate(time: Date): string {
  const two = (v: number) => String(v).padStart(2, '0');
  return `${two(time.getUTCDate())}/${two(time.getUTCMonth() + 1)}/${two(time.getUTCFullYear() % 100)} ${two(time.getUTCHours())}:${two(time.getUTCMinutes())}`;
}

function centred(value: string): string {
  const pad = Math.max(0, Math.floor((SLIP_WIDTH - value.length) / 2));
  return `${' '.repeat(pad)}${value}`.padEnd(SLIP_WIDTH);
}

function verificationText(card: CardProfile): string {
  if (card.verification === 'PIN') return 'PIN VERIFIED';
  if (card.verification === 'SIGNATURE') return 'SIGNATURE VERIFIED';
  return 'NO CARDHOLDER VERIFICATION';
}

export function cardSlip(input: SlipInput): ReceiptLine[] {
  const merchant = input.copy === 'MERCHANT';
  const { card, currency } = input;
  const lines: ReceiptLine[] = [
    text(SANDBOX_MERCHANT.name, 'BOLD', 'DOUBLE_HEIGHT'),
    ...SANDBOX_MERCHANT.address.map((a) => text(a)),
    text(`M:${merchant ? SANDBOX_MERCHANT.merchantId : mask(SANDBOX_MERCHANT.merchantId, 5, 3)}`),
    text(`TID:${merchant ? input.tid : mask(input.tid, 4, 4)}`),
    line('DOUBLE_LINE_SEPARATOR'),
  ];
  if (merchant) lines.push(text(card.issuerName));
  lines.push(text(`AID: ${card.applicationId}`), text(card.applicationLabel, 'BOLD'), text(card.pan));
  if (card.panSequence) lines.push(text(`PAN SEQ NO. ${card.panSequence}`));
  lines.push(text(card.paymentMethod === 'CONTACTLESS' ? 'CONTACTLESS' : 'ICC'), text(input.transactionType));
  lines.push(text(amountLine('AMOUNT', input.amountBase, currency)));
  if (input.amountCashback > 0) lines.push(text(amountLine('CASHBACK', input.amountCashback, currency)));
  if (input.amountGratuity > 0) lines.push(text(amountLine('GRATUITY', input.amountGratuity, currency)));
  lines.push(text(amountLine('TOTAL', input.amountTotal, currency), 'BOLD', 'DOUBLE_HEIGHT'));

  const approved = input.result === 'SUCCESSFUL' || input.result === null;
  if (input.result === 'TRANSACTION_UNSUCCESSFUL') {
    lines.push(
      { type: 'DECLINE_BOX', format: [], value: 'DECLINED' },
      text(input.declinedBy === 'CARD' ? 'DECLINED BY CARD' : 'CARD DECLINED', 'BOLD'),
      text('NO AUTH CODE'),
    );
  } else if (input.result === 'VOID') {
    if (merchant && card.verification === 'SIGNATURE')
      lines.push(text('SIGN BELOW'), text('.'.repeat(SLIP_WIDTH)));
    lines.push(
      { type: 'VOID_BOX', format: [], value: 'VOID' },
      text('TRANSACTION VOID', 'BOLD'),
      text(input.signatureDeclined ? 'SIGNATURE DECLINED' : 'SIGNATURE NOT CHECKED'),
    );
  } else if (!approved) {
    lines.push(
      text(input.result === 'TIMED_OUT' ? 'TRANSACTION TIMED OUT' : 'TRANSACTION CANCELLED', 'BOLD'),
    );
    lines.push(text('NO AUTH CODE'));
  } else {
    // The merchant copy of a signature sale is signed, not stamped "verified".
    const signing = merchant && card.verification === 'SIGNATURE';
    if (!signing)
      lines.push(text(verificationText(card), 'BOLD', ...(merchant ? [] : (['DOUBLE_WIDTH'] as const))));
    if (merchant) {
      lines.push(
        text(input.transactionType === 'REFUND' ? 'PLEASE CREDIT MY ACCOUNT' : 'PLEASE DEBIT MY ACCOUNT'),
      );
      if (card.verification === 'SIGNATURE') lines.push(text('SIGN BELOW'), text('.'.repeat(SLIP_WIDTH)));
    } else {
      lines.push(text('Thank You'));
    }
  }
  lines.push(text(slipDate(input.time)));
  if (input.authCode) lines.push(text(`AUTH CODE:${input.authCode}`));
  lines.push(
    text(`TXN ${input.transactionNumber}`),
    line('LINE_SEPARATOR'),
    text(centred(merchant ? 'MERCHANT COPY' : 'CUSTOMER COPY')),
    text(' PLEASE RETAIN RECEIPT'),
    line('TICKET_FEED'),
  );
  return lines;
}

/** A reprint is the same slip under a "DUPLICATE" heading. */
export function duplicateOf(lines: readonly ReceiptLine[]): ReceiptLine[] {
  return [text(centred('DUPLICATE'), 'BOLD'), ...lines];
}

export function reportSlip(
  title: string,
  tid: string,
  time: Date,
  rows: Array<[string, number]>,
  currency: string,
) {
  return [
    text(SANDBOX_MERCHANT.name, 'BOLD', 'DOUBLE_HEIGHT'),
    text(`TID:${tid}`),
    line('DOUBLE_LINE_SEPARATOR'),
    text(title, 'BOLD'),
    text(slipDate(time)),
    line('LINE_SEPARATOR'),
    ...rows.map(([label, value]) =>
      text(
        label.endsWith('COUNT')
          ? `${label}${String(value).padStart(SLIP_WIDTH - label.length)}`
          : amountLine(label, value, currency),
      ),
    ),
    line('LINE_SEPARATOR'),
    line('TICKET_FEED'),
  ];
}
