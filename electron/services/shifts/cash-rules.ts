// The one definition of the cash a drawer should hold, in integer minor units. Cash tenders are
// booked at what they paid towards the sale (the change handed back never entered the drawer),
// so change needs no term of its own.
import { sumMinor } from '../../../shared/money';

export interface DrawerParts {
  /** Counted into the drawer when the shift opened. */
  float: number;
  /** Cash applied to sales during the shift (tendered minus change). */
  cashTaken: number;
  /** Cash put in (float top-ups and the like). */
  cashIn: number;
  /** Cash taken out (paid-outs, bank drops). */
  cashOut: number;
  /** Cash handed back to customers by refunds. */
  cashRefunds: number;
}

/** expected = float + cash taken + cash in − cash out − cash refunds. */
export function expectedCash(p: DrawerParts): number {
  return sumMinor([p.float, p.cashTaken, p.cashIn, -p.cashOut, -p.cashRefunds]);
}

/** Counted minus expected: positive when the drawer holds more than the till expected. */
export function drawerDifference(counted: number, expected: number): number {
  return counted - expected;
}
