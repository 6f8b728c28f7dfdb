// Words the services send by key (TillError.words, a payment's words, notification codes): the
// same English as the services' own text (tests/unit/i18n checks they agree), so English is whole.
// The card machine's codes share one table with the payment service.
import { NO_RESULT, NOTIFICATION_WORDS, RESULT_WORDS } from '../../../../shared/payment-words';
import { officeServices } from './services-office';
import { suppliesServices } from './services-supplies';
import { backupServices } from './services-backup';
import { shopServerServices } from './services-shop-server';
import { acrossTillsServices } from './services-across-tills';

export const services = {
  ...officeServices,
  ...suppliesServices,
  ...backupServices,
  ...shopServerServices,
  ...acrossTillsServices,
  payment: {
    notFound: 'That card payment does not exist.',
    notification: NOTIFICATION_WORDS,
    result: { none: NO_RESULT, ...RESULT_WORDS },
    message: {
      starting: 'Sending the payment to the card machine…',
      waiting: 'Waiting for the card machine…',
      now: '{{now}}',
      cancelRefused: 'The card machine would not cancel: cancel it on the card machine. {{now}}',
      signature: 'Compare the signature on the printed slip with the card, then accept or decline.',
      unknown:
        'The answer from the card service was lost. The till will not send this payment again. Check the card machine’s screen: did the payment go through?',
      unknownBecause:
        '{{problem}} The till will not send this payment again. Check the card machine’s screen: did the payment go through?',
      notSent: 'The payment did not reach the card machine. Nothing was charged.',
      askManager: 'Ask a manager.',
      resolvedPaid: 'Recorded as paid after checking the card machine.',
      resolvedNotPaid: 'Recorded as not paid after checking the card machine.',
      notPaid: '{{result}}. Nothing was charged: try the card again, take cash, or abandon the sale.',
      approved: 'Approved: {{total}}.',
      approvedTip: 'Approved: {{total}} (tip {{tip}}).',
      approvedCashback: 'Approved: {{total}} (cashback {{cashback}} — hand it over).',
      approvedTipCashback: 'Approved: {{total}} (tip {{tip}}, cashback {{cashback}} — hand it over).',
      refunded: 'Refunded: {{total}}.',
      refundedTip: 'Refunded: {{total}} (tip {{tip}}).',
      refundedCashback: 'Refunded: {{total}} (cashback {{cashback}} — hand it over).',
      refundedTipCashback: 'Refunded: {{total}} (tip {{tip}}, cashback {{cashback}} — hand it over).',
    },
    /** Why a payment's outcome is not known (payments/wording.ts `UNCLEAR`). */
    problem: {
      transactionLost: 'The card service no longer knows this transaction: check the card machine.',
      readsFailing:
        'The till could not read the card service’s answers about this payment for several minutes: check the card machine.',
      stoppedWhileStarting:
        'The till stopped while starting this payment; the card machine may have taken it.',
      noClearStart: 'No clear answer to the start: {{why}} The card machine may be taking the payment.',
    },
  },
  // Said by the screens' own link to the services (renderer/src/bridge), worded the same way.
  bridge: {
    garbled:
      'The till’s screen and its services did not understand each other. Try again; if it keeps happening, restart Paydesk.',
    notConnected: 'The till service is not connected.',
    lost: 'Lost the connection to the till service. Reconnecting…',
  },
  cardService: {
    notPrepared: 'The request to the card service could not be prepared.',
    timeout: 'The card service did not answer in time.',
    certificate: 'The card service’s security certificate was not accepted.',
    unreachable: 'The card service cannot be reached.',
    badCredentials: 'The card service refused the username or password.',
    notFound: 'The card service does not know that terminal or transaction (it may be offline).',
    busy: 'The card machine is busy or refused the request.',
    rejected: 'The card service refused the request as invalid.',
    slowDown: 'The card service asked the till to slow down.',
    internal: 'The card service had an internal error ({{status}}).',
    unexpectedStatus: 'The card service answered with an unexpected status {{status}}.',
    tooLarge:
      'The card service sent an answer far larger than any real one, so the till stopped reading it. If this keeps happening, call the card service’s support.',
    partial:
      'The card service’s answer did not arrive in full in time. If this keeps happening, call the card service’s support.',
    slipTooLong:
      'The card service sent a card slip far longer than any real one, so the till did not take it. If this keeps happening, call the card service’s support.',
    reportUnreadable:
      'The till could not read the card machine’s report for several minutes. It may have printed on the card machine: check there before running it again.',
  },
  sale: {
    priceChanged:
      'The price changed: {{name}} is now {{now}} (was {{was}}). Use the new price, or remove it from the basket.',
    /** Several at once: `names` are the products' names, joined with commas. */
    pricesChanged:
      'The prices of {{names}} changed. Use the new prices, or remove those products from the basket.',
    needsSupervisor: 'This discount or price change needs a supervisor or manager.',
    cardOverDue: 'Only {{due}} is due; the card amount cannot be more.',
    otherCurrency: 'That card machine takes {{terminal}}; this sale is in {{sale}}.',
    nothingDue: 'Nothing is due on this sale.',
    manualCardOverDue: 'The card amount cannot be more than is due.',
    cardStarting: 'A card payment for this is already being started: wait for it.',
    cardRunning: 'A card payment for this sale is still running: wait for it, or resolve it, first.',
    already: {
      open: 'This sale is already open.',
      completed: 'This sale is already completed.',
      abandoned: 'This sale is already abandoned.',
    },
    noLongerForSale:
      'A product in the basket is no longer for sale: remove it from the basket and try again.',
    lineDiscountTooBig:
      'The discount on {{name}} ({{discount}}) is more than the line costs ({{cost}}): make it smaller.',
    basketDiscountTooBig:
      'The basket discount ({{discount}}) is more than the basket costs ({{cost}}): make it smaller.',
    keep: {
      cash: 'Cash was taken on this sale, and the till cannot record giving cash back yet, so the sale cannot be abandoned: take the rest and complete it.',
      manualCard:
        'A card payment keyed in by hand is on this sale, and the till cannot refund it, so the sale cannot be abandoned: take the rest and complete it.',
      card: 'Money has been taken on this sale: refund it instead of abandoning it.',
    },
  },
  // A card refund by amount on the Sell screen (not from a receipt).
  cardRefund: {
    notSuccessful: 'Only a successful card sale can be refunded.',
    atMost: 'At most {{left}} can still be refunded on that payment.',
    otherCurrency: 'That card machine takes {{terminal}}; the sale was in {{sale}}.',
  },
  receipt: {
    notPaid: 'This sale is not paid yet: take payment first, then print its receipt.',
    printing: 'Receipt {{receipt}} is printing.',
    copy: 'Receipt {{receipt}} is printing again, marked as a copy.',
    cancelled:
      'Receipt {{receipt}} was cancelled in the print queue: print it again from the Printer screen.',
    noneYet: 'No sale has been completed on this till yet.',
  },
  park: {
    already: {
      open: 'This sale is already open: it cannot be parked.',
      completed: 'This sale is already completed: it cannot be parked.',
      abandoned: 'This sale is already abandoned: it cannot be parked.',
    },
    partPaid:
      '{{paid}} was already taken on this sale, so it cannot be parked: take the rest and finish it, or refund what was taken.',
  },
  parked: {
    gone: 'That parked sale is no longer parked (it was resumed, perhaps at another moment): look in the list again.',
  },
  noSale: {
    drawer: {
      opened: 'Drawer opened. The No-sale is recorded with your name and reason.',
      no_drawer:
        'The No-sale is recorded, but no cash drawer is set up on the receipt printer: open the drawer with its key.',
      failed:
        'The No-sale is recorded, but the drawer could not be opened through the printer: open it with its key, and look at the printer.',
    },
  },
  // The rights at the counter (electron/services/manager-gate.ts): one whole sentence per action.
  staff: {
    nobodySignedIn: 'Nobody is signed in on this till: tap your name and enter your PIN.',
    askApprover: {
      refund: 'A refund needs a supervisor or manager: ask one to approve it with their own PIN.',
      'z-report':
        'A Z or end of day report needs a supervisor or manager: ask one to approve it with their own PIN.',
      override: 'This override needs a supervisor or manager: ask one to approve it with their own PIN.',
      'price-override':
        'Changing a price at the counter needs a supervisor or manager: ask one to approve it with their own PIN.',
      discount:
        'A discount this large needs a supervisor or manager: ask one to approve it with their own PIN.',
      'no-sale':
        'Opening the drawer without a sale needs a supervisor or manager: ask one to approve it with their own PIN.',
      'back-office': 'The back office needs a manager: ask one to approve it with their own PIN.',
      settings: 'Changing settings needs a manager: ask one to approve it with their own PIN.',
      reconcile:
        'Checking the card machines against the till needs a manager: ask one to approve it with their own PIN.',
      quit: 'Quitting Paydesk needs a supervisor or manager: ask one to approve it with their own PIN.',
    },
    noManagerYet: {
      refund:
        'A refund needs a manager, and this till has none yet: create the first manager with their own PIN.',
      'z-report':
        'A Z or end of day report needs a manager, and this till has none yet: create the first manager with their own PIN.',
      override:
        'This override needs a manager, and this till has none yet: create the first manager with their own PIN.',
      'price-override':
        'Changing a price at the counter needs a manager, and this till has none yet: create the first manager with their own PIN.',
      discount:
        'A discount this large needs a manager, and this till has none yet: create the first manager with their own PIN.',
      'no-sale':
        'Opening the drawer without a sale needs a manager, and this till has none yet: create the first manager with their own PIN.',
      'back-office':
        'The back office needs a manager, and this till has none yet: create the first manager with their own PIN.',
      settings:
        'Changing settings needs a manager, and this till has none yet: create the first manager with their own PIN.',
      reconcile:
        'Checking the card machines against the till needs a manager, and this till has none yet: create the first manager with their own PIN.',
      quit: 'Quitting Paydesk needs a manager, and this till has none yet: create the first manager with their own PIN.',
    },
    pinChangeNeedsManager: 'Changing the manager PIN needs a manager.',
    enterCurrentPin: 'Enter your current PIN to change it.',
    pinsLocked: 'PINs are locked for now.',
    currentPinWrong: 'The current PIN is wrong.',
    // A refused PIN (manager-gate.ts pinRefusal): tries left, or the wait.
    pinLocked: 'Too many wrong PINs. Try again in {{seconds}} s.',
    noManager: 'No manager is set up on this till yet.',
    wrongPin: {
      tries_one: 'Wrong PIN. {{count}} try left before a wait.',
      tries_other: 'Wrong PIN. {{count}} tries left before a wait.',
      wait: 'Wrong PIN. Too many wrong tries: wait {{seconds}} s.',
    },
    wrongPinFor: {
      tries_one: 'Wrong PIN for {{name}}. {{count}} try left before a wait.',
      tries_other: 'Wrong PIN for {{name}}. {{count}} tries left before a wait.',
      wait: 'Wrong PIN for {{name}}. Too many wrong tries: wait {{seconds}} s.',
    },
    wrongPinOf: {
      supervisor: {
        tries_one:
          'Wrong PIN: it must be the PIN of a supervisor or manager. {{count}} try left before a wait.',
        tries_other:
          'Wrong PIN: it must be the PIN of a supervisor or manager. {{count}} tries left before a wait.',
        wait: 'Wrong PIN: it must be the PIN of a supervisor or manager. Too many wrong tries: wait {{seconds}} s.',
      },
      manager: {
        tries_one: 'Wrong PIN: it must be the PIN of a manager. {{count}} try left before a wait.',
        tries_other: 'Wrong PIN: it must be the PIN of a manager. {{count}} tries left before a wait.',
        wait: 'Wrong PIN: it must be the PIN of a manager. Too many wrong tries: wait {{seconds}} s.',
      },
    },
    // The person tapped may not approve this ({{role}} is one of `role` below).
    notApprover: {
      refund: '{{name}} is a {{role}}: a refund needs a supervisor or manager. Tap the name of one of them.',
      'z-report':
        '{{name}} is a {{role}}: a Z or end of day report needs a supervisor or manager. Tap the name of one of them.',
      override:
        '{{name}} is a {{role}}: this override needs a supervisor or manager. Tap the name of one of them.',
      'price-override':
        '{{name}} is a {{role}}: changing a price at the counter needs a supervisor or manager. Tap the name of one of them.',
      discount:
        '{{name}} is a {{role}}: a discount this large needs a supervisor or manager. Tap the name of one of them.',
      'no-sale':
        '{{name}} is a {{role}}: opening the drawer without a sale needs a supervisor or manager. Tap the name of one of them.',
      'back-office': '{{name}} is a {{role}}: the back office needs a manager. Tap the name of one of them.',
      settings: '{{name}} is a {{role}}: changing settings needs a manager. Tap the name of one of them.',
      reconcile:
        '{{name}} is a {{role}}: checking the card machines against the till needs a manager. Tap the name of one of them.',
      quit: '{{name}} is a {{role}}: quitting Paydesk needs a supervisor or manager. Tap the name of one of them.',
      managerArea:
        '{{name}} is a {{role}}: opening Settings and the back office needs a manager. Tap the name of one of them.',
    },
    role: { cashier: 'cashier', supervisor: 'supervisor', manager: 'manager' },
  },
  refund: {
    notCompleted: 'Only a completed sale can be refunded from its receipt.',
    nothingPaid: 'Those lines were paid nothing, so there is nothing to give back.',
    cardOverTotal: 'The card part cannot be more than the refund, {{total}}.',
    lineTwice: 'Pick each line of the receipt once.',
    fullyRefunded: '{{name}} has already been refunded in full.',
    onlyLeft: 'Only {{left}} of {{name}} can still be refunded.',
    chooseCard: 'Choose the card payment and card machine for the card part.',
    notThisSale: 'That card payment is not on this sale: choose one from its receipt.',
    cardLeft: 'At most {{left}} can still go back to that card: give the rest in cash.',
    cardNothingLeft: 'Nothing more can go back to that card: give it in cash.',
  },
  history: {
    stillOpen: 'This sale is still open: finish it on the Sell screen.',
    noReceipt: 'Only a completed sale has a receipt to print again.',
  },
};
