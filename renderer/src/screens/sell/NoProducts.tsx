// In place of the product grid when the catalogue is empty: a live till before the shop has
// any products (sandbox mode seeds a demo catalogue). Sales need products; card refunds do not.
export function NoProducts() {
  return (
    <section className="panel no-products" aria-label="Products">
      <h2>No products yet</h2>
      <p>This till has no products yet. Products are added by the shop’s manager.</p>
      <p className="hint">Card refunds still work: choose Refunds at the top of this screen.</p>
    </section>
  );
}
