// What the stand-in supplier sells: the consumables a café or small shop runs out of. Prices are
// the shop's trade prices in pence; two lines are out of stock so the screens show both states.

export interface StandInProduct {
  id: number;
  sku: string;
  name: string;
  inventory: 'inStock' | 'outOfStock';
  price: number;
}

const PRODUCTS: readonly [sku: string, name: string, price: number, inStock?: false][] = [
  ['TR-5780-20', 'Thermal till rolls 57 × 40 mm (box of 20)', 1199],
  ['TR-8080-20', 'Thermal till rolls 80 × 80 mm (box of 20)', 1899],
  ['CM-5730-20', 'Card machine paper rolls 57 × 30 mm (box of 20)', 999],
  ['CM-5740-50', 'Card machine paper rolls 57 × 40 mm (box of 50)', 2249],
  ['CUP-08-1000', 'Paper cups 8 oz, double wall (case of 1,000)', 6499],
  ['CUP-12-1000', 'Paper cups 12 oz, double wall (case of 1,000)', 7899],
  ['CUP-16-500', 'Paper cups 16 oz, double wall (case of 500)', 4599, false],
  ['LID-0812-1000', 'Sip lids for 8–12 oz cups (case of 1,000)', 2999],
  ['LID-16-1000', 'Sip lids for 16 oz cups (case of 1,000)', 3199],
  ['NAP-2PLY-2000', 'Napkins, 2-ply white (case of 2,000)', 2450],
  ['STR-PAPER-500', 'Paper straws (box of 500)', 899],
  ['STIR-WOOD-1000', 'Wooden stirrers (box of 1,000)', 649],
  ['SUG-STICK-1000', 'Sugar sticks, white (box of 1,000)', 1399],
  ['BAG-KRAFT-250', 'Kraft paper carrier bags, medium (pack of 250)', 3899],
  ['BAG-SAND-1000', 'Sandwich bags, greaseproof (pack of 1,000)', 2199, false],
  ['CLN-SURF-5L', 'Surface sanitiser spray refill 5 L', 1599],
  ['CLN-DISH-5L', 'Washing-up liquid 5 L', 1149],
  ['CLN-BLUE-6', 'Blue centrefeed rolls (pack of 6)', 1899],
  ['CLN-GLOVE-M', 'Nitrile gloves, medium (box of 100)', 799],
  ['CLN-BIN-200', 'Bin liners, heavy duty (roll of 200)', 2099],
  ['CLN-DESCALE-1L', 'Coffee machine descaler 1 L', 1249],
  ['LBL-PRICE-10K', 'Price gun labels (10 rolls)', 1099],
];

export function standInCatalogue(): StandInProduct[] {
  return PRODUCTS.map(([sku, name, price, inStock], index) => ({
    id: 101 + index,
    sku,
    name,
    inventory: inStock === false ? 'outOfStock' : 'inStock',
    price,
  }));
}
