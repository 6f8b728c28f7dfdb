// The set-up most till tests share: an in-process till on a driven clock, the shop's people
// (someone signed in), and the demo catalogue's products to sell.
import type { Product, StaffRole } from '../../shared/contract';
import { setUpStaff, type TestStaff } from './staff';
import { startTestTill, type TestTill, type TestTillOptions } from './till';

export interface StaffedTill {
  t: TestTill;
  staff: TestStaff;
  products: Product[];
}

export async function startStaffedTill(
  options: TestTillOptions & { signIn?: StaffRole } = {},
): Promise<StaffedTill> {
  const { signIn = 'manager', ...tillOptions } = options;
  const t = await startTestTill({ drivenClock: true, ...tillOptions });
  try {
    const staff = await setUpStaff(t.call, { signIn });
    const products = (await t.call('catalogue.get', {})).products;
    return { t, staff, products };
  } catch (error) {
    await t.close();
    throw error;
  }
}
