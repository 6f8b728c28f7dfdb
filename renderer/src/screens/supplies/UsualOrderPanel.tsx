// The shop's usual order: what it orders again and again, with the quantities it usually takes.
import { useSupplies } from '../../state/supplies';

export function UsualOrderPanel() {
  const { usual } = useSupplies();
  const store = useSupplies.getState();
  return (
    <section aria-label="Usual order" className="panel">
      <p>
        The supplies the shop orders again and again. Put them in the cart with one tap, then change what you
        need.
      </p>
      {usual.length === 0 ? (
        <p>
          No usual order yet: fill the cart with what you usually order, then choose “Keep as usual order”.
        </p>
      ) : (
        <ul>
          {usual.map((item) => (
            <li key={item.productId}>
              {item.usualQuantity} × {item.name}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="primary"
        disabled={usual.length === 0}
        onClick={() => store.addUsual()}
      >
        Put the usual order in the cart
      </button>
    </section>
  );
}
