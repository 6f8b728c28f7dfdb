// Words the supplier's client sends by key (refusals, the network, limits, a refused order's
// fields): the same English as electron/services/supplies says (tests/unit/i18n checks they agree).
import { ADDRESS_FIELDS, ADDRESS_LABELS, type AddressField } from '../../../../shared/supplies';

const perField = (say: (label: string) => string) =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, say(ADDRESS_LABELS[f].toLowerCase())])) as Record<
    AddressField,
    string
  >;

const KEEPS_HAPPENING = 'If it keeps happening, call the supplier.';
const PLACE_AGAIN = 'You can place it again.';

export const suppliesServices = {
  supplier: {
    badKey:
      "The supplier did not accept the till's API key. A manager can check it in Settings, under Supplies.",
    busy: {
      seconds_one: 'The supplier is receiving too many requests. Try again in {{count}} second.',
      seconds_other: 'The supplier is receiving too many requests. Try again in {{count}} seconds.',
      minutes_one: 'The supplier is receiving too many requests. Try again in {{count}} minute.',
      minutes_other: 'The supplier is receiving too many requests. Try again in {{count}} minutes.',
    },
    maintenance: {
      later: 'The supplier is closed for maintenance just now. Try again later.',
      seconds_one: 'The supplier is closed for maintenance just now. Try again in {{count}} second.',
      seconds_other: 'The supplier is closed for maintenance just now. Try again in {{count}} seconds.',
      minutes_one: 'The supplier is closed for maintenance just now. Try again in {{count}} minute.',
      minutes_other: 'The supplier is closed for maintenance just now. Try again in {{count}} minutes.',
    },
    ownProblem: 'The supplier had a problem of its own. Try again in a few minutes.',
    refused: 'The supplier refused the request.',
    notUnderstood: `The supplier answered in a way the till does not understand. ${KEEPS_HAPPENING}`,
    certificate: "The supplier's security certificate was not accepted, so the till did not connect.",
    unreachable: "The supplier can't be reached. Check the internet connection, then try again.",
    tooLarge: `The supplier sent an answer far larger than any real one, so the till stopped reading it. ${KEEPS_HAPPENING}`,
    tooSlow: 'The supplier took too long to answer. Try again in a moment.',
    unreadable: `The supplier sent an answer the till could not read. ${KEEPS_HAPPENING}`,
    missing: {
      noProductList: 'The supplier has no product list at that address.',
      noProduct: 'The supplier no longer lists that product.',
      noOrderList: 'The supplier has no order list at that address.',
      noOrder: 'The supplier has no order with that number.',
      notAtAddress: 'The supplier could not be found at that address.',
    },
    keyUnreadable: "The supplier's API key could not be read from this computer's keychain.",
    noKey: 'No API key for the supplier is saved. A manager can add it in Settings, under Supplies.',
    notWebAddress: "The supplier's address in Settings is not a web address.",
    noLiveAddress: 'No live supplier address is set.',
    field: {
      enter: perField((label) => `Enter the ${label}.`),
      refused: perField((label) => `The supplier did not accept the ${label}: check it.`),
      tooLong: Object.fromEntries(
        ADDRESS_FIELDS.map((f) => [f, `${ADDRESS_LABELS[f]} is too long (at most {{max}} characters).`]),
      ) as Record<AddressField, string>,
    },
    address: {
      countryCode: 'Choose the country as its two-letter code, e.g. GB for the United Kingdom.',
      postcode: "That postcode doesn't look right for {{country}}.",
      phone: 'Enter a phone number the courier can ring (digits, spaces, + and brackets).',
    },
    line: {
      outOfStock: '{{name}} is out of stock at the supplier: take it out of the order.',
      notSold: '{{name}} is no longer sold by the supplier: take it out of the order.',
      quantity: 'Check the quantity of {{name}}.',
    },
    partRefused: 'The supplier refused part of the order.',
    refusedWithoutReason: 'The supplier refused the order without saying why. Check it and try again.',
  },
  // What placing or checking an order came to (electron/services/supplies/order-words.ts).
  supplyOrder: {
    noRecord: 'The till has no record of that order attempt.',
    addressFirst: 'The delivery address needs a look before ordering.',
    repeat_one: 'The same items to the same address were ordered {{count}} minute ago. Order them again?',
    repeat_other: 'The same items to the same address were ordered {{count}} minutes ago. Order them again?',
    placed: 'The order is placed with the supplier.',
    refused:
      'The supplier did not accept the order, so nothing was ordered. Fix what is marked, then place it again.',
    notPlaced: 'Nothing was ordered. {{problem}}',
    sandboxRestarted: `That order was a trial with the sandbox supplier, which has restarted since, so nothing was ordered. ${PLACE_AGAIN}`,
    notAtSupplier: `The supplier has no record of the order whose answer was lost, so nothing was ordered. ${PLACE_AGAIN}`,
    found: 'The supplier’s answer was lost, but the order was found at the supplier: it is placed, once.',
    wasNotPlaced: `That order was not placed. ${PLACE_AGAIN}`,
    isPlaced: 'The order is placed.',
    // An order whose answer was lost, by the supplier it went to (only that supplier can say).
    inDoubt: {
      current:
        'The supplier’s answer to an order was lost, so it may or may not have been placed. The till will not send it again by itself: press “Check again” in a moment.',
      sandbox:
        'An order to the sandbox supplier lost its answer, so it may or may not have been placed. Switch Supplies back to Sandbox in Settings to check it.',
      other:
        'An order to a supplier address no longer set in Settings lost its answer, so it may or may not have been placed. Set that address again to check it, or ask that supplier before ordering the same again.',
    },
    stillUnreachable:
      "The supplier still can't be reached, so the till can't tell yet whether that order was placed. It will not send it again by itself. {{problem}}",
  },
};
