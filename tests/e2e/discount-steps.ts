// The counter's discounts as a cashier meets them, in either of the till's languages (the steps
// find everything by the catalogue's words): an amount discount reopened shows what was given and
// reads back as the same amount, and discounts larger than what they apply to are refused in the
// services' words, never capped. Used by tests/e2e/german-flow.test.ts.
import assert from 'node:assert/strict';
import type { Product } from '../../shared/contract';
import { currencySymbol } from '../../shared/money';
import { waitUntil } from '../support/wait';
import { addByTyping, basketPanel, nextSale, saleComplete, searchBox, type Counter } from './counter-steps';
import { call, newestSale } from './sell-support';

/**
 * A basket discount typed as an amount in the till's own way ("1,50" in German), reopened: the
 * field shows the same amount, applied again the total does not move, and the sale is paid with
 * exactly that discount. `product` costs well over the discount, so no approval is asked.
 */
export async function basketDiscountReopened(c: Counter, product: Product): Promise<void> {
  const { t } = c.words;
  const page = c.page();
  const money = (minor: number) => c.words.money(minor, c.currency);
  const basket = basketPanel(c);
  await addByTyping(c, product.name.slice(0, 9).toLowerCase(), product.name);
  await basket.getByText(product.name, { exact: true }).waitFor();
  const editor = basket.getByRole('form', { name: t('counter.basket.basketDiscount') });
  const field = editor.getByLabel(t('counter.discount.amountLabel'), { exact: true });
  await basket.getByRole('button', { name: t('counter.basket.addBasketDiscount') }).click();
  await editor.getByRole('button', { name: currencySymbol(c.currency, c.words.locale) }).click();
  await field.fill(c.words.typed(150));
  await editor.getByRole('button', { name: t('counter.discount.apply') }).click();
  const total = product.price - 150;
  assert.equal(await page.getByTestId('basket-total').innerText(), money(total));
  assert.equal(await page.getByTestId('basket-discount').innerText(), `−${money(150)}`);

  // Reopened, the field shows what was given, in the till's way; applied again, nothing moves.
  await basket.getByRole('button', { name: t('counter.basket.changeDiscount') }).click();
  assert.equal(await field.inputValue(), c.words.typed(150));
  await editor.getByRole('button', { name: t('counter.discount.apply') }).click();
  assert.equal(await page.getByTestId('basket-total').innerText(), money(total));
  assert.equal(await page.getByTestId('basket-discount').innerText(), `−${money(150)}`);

  await page.keyboard.press('F4'); // exact cash
  await saleComplete(c).waitFor();
  const sale = await newestSale(c.host());
  assert.equal(sale.total, total);
  assert.deepEqual([sale.discount?.kind, sale.discount?.value, sale.discount?.amount], ['amount', 150, 150]);
  await nextSale(c);
}

/**
 * Discounts larger than what they apply to are refused in the services' words, never capped: the
 * basket's in its editor (Apply stays off, the total does not move), the other decimal mark is
 * named rather than read as ten times the amount, and a line's discount that a lowered quantity
 * has made too large holds Pay until it is made smaller.
 */
export async function oversizedDiscountsRefused(c: Counter, product: Product): Promise<void> {
  const { t } = c.words;
  const page = c.page();
  const money = (minor: number) => c.words.money(minor, c.currency);
  const basket = basketPanel(c);
  await searchBox(c).pressSequentially('3*', { delay: 60 });
  await addByTyping(c, product.name.slice(0, 9).toLowerCase(), product.name);
  const gross = product.price * 3;
  await basket
    .getByRole('group', { name: t('sell.basket.quantityOf', { name: product.name, quantity: 3 }) })
    .waitFor();

  // The basket's discount: more than the basket costs is refused in words.
  const editor = basket.getByRole('form', { name: t('counter.basket.basketDiscount') });
  const field = editor.getByLabel(t('counter.discount.amountLabel'), { exact: true });
  const apply = editor.getByRole('button', { name: t('counter.discount.apply') });
  await basket.getByRole('button', { name: t('counter.basket.addBasketDiscount') }).click();
  await editor.getByRole('button', { name: currencySymbol(c.currency, c.words.locale) }).click();
  await field.fill(c.words.typed(gross + 100));
  await editor
    .getByRole('alert')
    .getByText(t('services.sale.basketDiscountTooBig', { discount: money(gross + 100), cost: money(gross) }))
    .waitFor();
  assert.equal(await apply.isDisabled(), true, 'a discount larger than the basket cannot be applied');
  // The other decimal mark ("1.5" on a German till) is said so, not read as 15.
  const otherMark = c.words.typed(150).includes(',') ? '1.5' : '1,5';
  await field.fill(otherMark);
  await editor
    .getByRole('alert')
    .getByText(t('amount.mark', { text: otherMark }))
    .waitFor();
  assert.equal(await apply.isDisabled(), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('basket-total').innerText(), money(gross), 'nothing was taken off');

  // A line's discount a lowered quantity has made larger than the line: said, and Pay waits.
  const lineEditor = basket.getByRole('form', {
    name: t('counter.basket.discountFor', { name: product.name }),
  });
  await basket.getByRole('button', { name: t('counter.basket.discountFor', { name: product.name }) }).click();
  await lineEditor.getByRole('button', { name: currencySymbol(c.currency, c.words.locale) }).click();
  await lineEditor
    .getByLabel(t('counter.discount.amountLabel'), { exact: true })
    .fill(c.words.typed(gross - 1));
  await lineEditor.getByRole('button', { name: t('counter.discount.apply') }).click();
  await basket.getByRole('button', { name: t('sell.basket.oneFewer', { name: product.name }) }).click();
  const tooBig = t('services.sale.lineDiscountTooBig', {
    name: product.name,
    discount: money(gross - 1),
    cost: money(product.price * 2),
  });
  await basket.getByTestId('discount-too-big').getByText(tooBig).waitFor();
  assert.equal(await page.locator('.pay-button').isDisabled(), true, 'Pay waits for a smaller discount');
  assert.equal(await page.getByTestId('basket-total').innerText(), money(product.price * 2), 'never 0,00');
  // The keyboard's exact cash asks the services, which refuse it in the same words: no sale opens.
  const salesBefore = (await call(c.host(), 'sales.recent', { limit: 200 })).length;
  await page.keyboard.press('F4');
  await waitUntil(
    async () => (await basket.getByRole('alert').filter({ hasText: tooBig }).count()) === 2,
    'the services’ refusal beside the basket’s own words',
    10_000,
  );
  assert.equal((await call(c.host(), 'sales.recent', { limit: 200 })).length, salesBefore, 'no sale opened');

  await basket.getByRole('button', { name: t('sell.basket.clear') }).click();
  await basket.getByRole('button', { name: t('sell.basket.yesClear') }).click();
  await basket.getByText(t('counter.basket.empty')).waitFor();
}
