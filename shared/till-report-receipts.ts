// The print-queue ids of the till's own X and Z slips, made and read in one place: the reports
// service names its jobs with these, and the Printer screen words them ("Till Z report 12").
// "x-<tag>" (the day so far), "z-<number>" (closing the day), "z-<number>-reprint-<tag>".

/** A Z number as staff see it: "12" on a till alone, "2-12" on till 2 of a shop with a shop server. */
export function zNumberText(report: { number: number | null; till?: number | undefined }): string {
  if (report.number === null) return '';
  return report.till === undefined ? String(report.number) : `${report.till}-${report.number}`;
}

export type TillReportSlip = { kind: 'X' } | { kind: 'Z'; number: number };

/** `tag` keeps each X print and each reprint its own job (the spool treats an id as one slip). */
export function tillReportReceiptId(slip: TillReportSlip, tag?: string): string {
  if (slip.kind === 'X') return `x-${tag ?? ''}`;
  return tag === undefined ? `z-${slip.number}` : `z-${slip.number}-reprint-${tag}`;
}

const X_SLIP = /^x-[0-9a-f-]{36}$/;
const Z_SLIP = /^z-(\d+)(?:-reprint-[0-9a-f-]{36})?$/;

/** Which till report a print job is, from its receipt id; null for any other slip. */
export function tillReportSlipOf(receiptId: string): TillReportSlip | null {
  if (X_SLIP.test(receiptId)) return { kind: 'X' };
  const z = Z_SLIP.exec(receiptId);
  return z ? { kind: 'Z', number: Number(z[1]) } : null;
}
