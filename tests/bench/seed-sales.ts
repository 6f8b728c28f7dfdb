// Completed sales written straight into a till's database (a second connection, one transaction),
// so a benchmark has a big day or a big year in seconds instead of a hundred thousand contract
// calls: each sale with its lines, one tender in turn cash, card (with its card payment) or card
// taken on the machine alone, and who served it. With `cardSlips`, each card payment also keeps
// the customer's and the merchant's slip, as a real one does (the bulk of a card record).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../electron/services/storage/database';
import type { Product } from '../../shared/contract';

export interface SeedSales {
  sales: number;
  linesPerSale: number;
  /** The first sale's number; the rest follow it. */
  firstNumber: number;
  /** When the first sale was made (ms), and over how long they spread. */
  from: number;
  spanMs: number;
  cardSlips?: boolean;
  terminalId?: string;
}

const CASHIERS = ['Casey', 'Sasha', 'Morgan'].map((name) => JSON.stringify({ id: name, name }));

/** A card slip of the usual length: the shop, the card, the amount, the outcome, ~20 lines. */
function slip(amount: number, at: string, copy: string): object[] {
  const text = (value: string, format: string[] = []) => ({ type: 'TEXT', format, value });
  return [
    text('CORNER CAFÉ', ['BOLD']),
    text('1 High Street, Townsville'),
    { type: 'LINE_SEPARATOR', format: [], value: '' },
    text(copy, ['BOLD']),
    text('SALE', ['DOUBLE_HEIGHT']),
    text(`AMOUNT GBP ${(amount / 100).toFixed(2)}`, ['BOLD']),
    text('VISA CONTACTLESS'),
    text('**** **** **** 4242'),
    text('AID A0000000031010'),
    text('TERMINAL 22900001'),
    text(`DATE ${at.slice(0, 10)}  TIME ${at.slice(11, 19)}`),
    text(`AUTH CODE ${String(amount % 999_983).padStart(6, '0')}`),
    text('VERIFIED BY DEVICE'),
    { type: 'LINE_SEPARATOR', format: [], value: '' },
    text('APPROVED', ['BOLD', 'DOUBLE_HEIGHT']),
    text('PLEASE RETAIN FOR YOUR RECORDS'),
    { type: 'TICKET_FEED', format: [], value: '' },
  ];
}

export function seedSales(dataDir: string, products: readonly Product[], seed: SeedSales): void {
  const terminal = seed.terminalId ?? '22900001';
  const db = new Database(join(dataDir, DATABASE_FILE));
  const sale = db.prepare(
    `INSERT INTO sales (id, number, state, currency, lines, total, created_at, completed_at, served_by)
       VALUES (?, ?, 'completed', 'GBP', ?, ?, ?, ?, ?)`,
  );
  const tender = db.prepare(
    `INSERT INTO tenders (sale_id, kind, amount, given, payment_id, reference, needs_reconciliation, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const payment = db.prepare(
    `INSERT INTO card_payments (id, sale_id, terminal_id, type, amount, currency, state, result, receipt_lines, created_at, updated_at)
       VALUES (?, ?, ?, 'SALE', ?, 'GBP', 'finished', 'SUCCESSFUL', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let n = 0; n < seed.sales; n++) {
      const at = new Date(seed.from + Math.floor((n * seed.spanMs) / seed.sales)).toISOString();
      const lines = Array.from({ length: seed.linesPerSale }, (_, i) => {
        const p = products[(n * seed.linesPerSale + i) % products.length]!;
        const quantity = 1 + (i % 3);
        return {
          productId: p.id,
          sku: p.sku,
          name: p.name,
          quantity,
          unitPrice: p.price,
          lineTotal: p.price * quantity,
          vatRate: p.vatRate,
        };
      });
      const total = lines.reduce((a, l) => a + l.lineTotal, 0);
      const id = randomUUID();
      sale.run(id, seed.firstNumber + n, JSON.stringify(lines), total, at, at, CASHIERS[n % 3]);
      if (n % 3 === 0) tender.run(id, 'cash', total, total + 50, null, null, 0, at);
      else if (n % 3 === 1) {
        const paymentId = randomUUID();
        const slips = seed.cardSlips
          ? JSON.stringify({
              CUSTOMER: slip(total, at, 'CARDHOLDER COPY'),
              MERCHANT: slip(total, at, 'MERCHANT COPY'),
            })
          : null;
        payment.run(paymentId, id, terminal, total, slips, at, at);
        tender.run(id, 'card', total, null, paymentId, null, 0, at);
      } else tender.run(id, 'manual_card', total, null, null, 'REF', 1, at);
    }
  })();
  db.close();
}
