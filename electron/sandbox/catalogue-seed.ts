// A realistic café-and-corner-shop catalogue for sandbox mode, and a generator of larger ones
// for the benchmark (10,000 products). Prices in pence.
export interface SeedProduct {
  sku: string;
  name: string;
  category: string;
  price: number;
  /** VAT rate in basis points (UK: groceries zero-rated, the rest standard). */
  vatRate: number;
  /** The sell grid tile's colour, by category. */
  colour: string;
}

const COLOURS: Record<string, string> = {
  Coffee: '#8d5b3e',
  Tea: '#5f8a3a',
  Bakery: '#c58b2b',
  Sandwiches: '#b5533c',
  'Soft drinks': '#2f7fb5',
  'Beer & wine': '#7a3b69',
  Snacks: '#c2452d',
  Grocery: '#3f7f6f',
};
const ZERO_RATED = new Set(['Grocery']);
const vatRateOf = (category: string) => (ZERO_RATED.has(category) ? 0 : 2000);

const BASE: Array<[category: string, items: Array<[name: string, price: number]>]> = [
  [
    'Coffee',
    [
      ['Espresso', 220],
      ['Double espresso', 260],
      ['Americano', 280],
      ['Flat white', 340],
      ['Cappuccino', 335],
      ['Latte', 345],
      ['Mocha', 375],
      ['Cortado', 305],
      ['Iced latte', 385],
      ['Decaf americano', 290],
    ],
  ],
  [
    'Tea',
    [
      ['English breakfast tea', 240],
      ['Earl Grey', 250],
      ['Green tea', 255],
      ['Peppermint tea', 250],
      ['Chai latte', 355],
      ['Hot chocolate', 345],
    ],
  ],
  [
    'Bakery',
    [
      ['Butter croissant', 265],
      ['Pain au chocolat', 295],
      ['Almond croissant', 345],
      ['Cinnamon bun', 325],
      ['Blueberry muffin', 301],
      ['Banana bread', 310],
      ['Sausage roll', 389],
      ['Scone with jam', 330],
    ],
  ],
  [
    'Sandwiches',
    [
      ['Cheese & pickle sandwich', 425],
      ['Ham & mustard baguette', 550],
      ['BLT', 575],
      ['Falafel wrap', 595],
      ['Tuna melt panini', 625],
      ['Egg mayo sandwich', 399],
    ],
  ],
  [
    'Soft drinks',
    [
      ['Still water 500ml', 120],
      ['Sparkling water 500ml', 135],
      ['Cola 330ml', 160],
      ['Orange juice 250ml', 215],
      ['Elderflower pressé', 245],
      ['Lemonade 330ml', 175],
    ],
  ],
  [
    'Beer & wine',
    [
      ['Lager pint', 560],
      ['Pale ale pint', 615],
      ['Stout pint', 590],
      ['Cider pint', 555],
      ['House red 175ml', 695],
      ['House white 175ml', 680],
      ['Prosecco 125ml', 750],
    ],
  ],
  [
    'Snacks',
    [
      ['Salted crisps', 110],
      ['Salt & vinegar crisps', 110],
      ['Dark chocolate bar', 185],
      ['Flapjack', 245],
      ['Mixed nuts', 199],
      ['Fruit pot', 275],
    ],
  ],
  [
    'Grocery',
    [
      ['Semi-skimmed milk 1L', 125],
      ['Sourdough loaf', 395],
      ['Free-range eggs x6', 289],
      ['Butter 250g', 249],
      ['Newspaper', 250],
      ['Stamp 1st class', 165],
    ],
  ],
];

/** The sandbox catalogue: ~55 everyday items. With `size`, padded with variants up to that count. */
export function seedCatalogue(size?: number): SeedProduct[] {
  const products: SeedProduct[] = [];
  let n = 1;
  for (const [category, items] of BASE) {
    for (const [name, price] of items) {
      products.push({
        sku: `50000${String(n).padStart(8, '0')}`,
        name,
        category,
        price,
        vatRate: vatRateOf(category),
        colour: COLOURS[category] ?? '#607080',
      });
      n++;
    }
  }
  if (size === undefined || size <= products.length)
    return size === undefined ? products : products.slice(0, size);
  const sizes = ['small', 'regular', 'large', 'family', 'travel', 'multipack'];
  const base = products.slice();
  for (let i = 0; products.length < size; i++) {
    const template = base[i % base.length]!;
    const variant = sizes[Math.floor(i / base.length) % sizes.length]!;
    const batch = Math.floor(i / (base.length * sizes.length)) + 1;
    products.push({
      sku: `59${String(products.length + 1).padStart(11, '0')}`,
      name: `${template.name} (${variant} ${batch})`,
      category: template.category,
      price: template.price + ((i * 7) % 90),
      vatRate: template.vatRate,
      colour: template.colour,
    });
  }
  return products;
}
