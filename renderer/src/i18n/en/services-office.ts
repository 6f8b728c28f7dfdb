// Words the back-office and day services send by key (staff, PINs, catalogue and its CSV import,
// shifts, till reports, reconciliation, printing): the same English as the services' own text.
export const officeServices = {
  shopData: {
    conflictGone: 'That change was already settled.',
  },
  audit: {
    daysReversed: 'The first day is after the last day: swap them.',
    tooMany: 'That is more than {{max}} entries: choose fewer days and export them in parts.',
  },
  shift: {
    alreadyOpen: 'A shift is already open on this till: close it with a count first.',
    noteNeeded: 'Say what the cash is for in the note.',
    noneForCash: 'Open a shift before putting cash in or taking it out.',
    noneToCount: 'No shift is open, so there is no drawer to count.',
    notADenomination: '{{value}} is not a note or coin of this shop’s money: count it again.',
  },
  tillReport: {
    shiftOpen: 'A shift is still open: count the drawer and close the shift, then run the Z report.',
    zNotRecorded:
      'The till could not record the next Z number, so the day was not closed. Check that the disk has space, then try again.',
    noZ: 'There is no Z report {{number}} on this till.',
  },
  shopReport: {
    notSetUp: 'No shop server is set up on this till.',
    noZ: 'There is no shop Z report {{number}}.',
  },
  pin: {
    digits: 'The PIN must be {{min}} to {{max}} digits.',
    tooEasy: 'That PIN is too easy to guess (repeated or consecutive digits).',
  },
  people: {
    hasManager: 'This till already has a manager.',
    notOnStaff: 'That person is not on this till’s staff.',
    sameName:
      'Someone called {{name}} is already on the staff: add a surname or initial so people can tell them apart.',
    onlyManager: {
      role: '{{name}} is the only manager, so cannot be given another role: add another manager first.',
      remove: '{{name}} is the only manager, so cannot be removed: add another manager first.',
    },
    pinTaken: 'Someone else on this till already uses that PIN: choose another.',
  },
  catalogue: {
    priceTooLarge: 'That change would make a price larger than the till takes. Nothing was changed.',
    sameCategoryName: 'Two categories have the same name: give each its own.',
    rateTwice: 'The same rate is listed twice: keep it once.',
    noCountryVat: 'The till has no VAT set for that country.',
    rateInUse_one:
      '{{count}} product still uses a rate you removed ({{rates}}). Move them to another rate first (Products, select, Change VAT rate).',
    rateInUse_other:
      '{{count}} products still use a rate you removed ({{rates}}). Move them to another rate first (Products, select, Change VAT rate).',
    unknownRate: 'VAT at {{rate}} is not one of the shop’s rates: add it under VAT rates first.',
    skuTaken: 'The SKU {{sku}} is already used by {{name}}.',
    productGone: 'That product is no longer in the catalogue.',
    barcodeTaken: 'The barcode {{code}} is already on {{name}}.',
  },
  catalogueImport: {
    uploadReplaced: 'That upload was replaced by a newer one: choose the file again.',
    tooLarge: 'The file is too large to import at once (30 MB at most): split it.',
    noLongerWaiting: 'That file is no longer waiting to be imported: choose it again.',
    previewStale: 'That preview is no longer current: choose the file again.',
    catalogueChanged:
      'The catalogue changed since this preview. Preview the file again; nothing was imported.',
    badRows_one:
      '{{count}} row has problems. Fix the file and import it again, or choose to import only the good rows. Nothing was imported.',
    badRows_other:
      '{{count}} rows have problems. Fix the file and import it again, or choose to import only the good rows. Nothing was imported.',
    empty: 'The file has no products to import.',
    line: 'Line {{line}}: {{reasons}}.',
    row: {
      tooManyValues:
        'it has {{values}} values but the header has {{columns}} columns (a value containing "{{delimiter}}" needs quotes)',
      noName: 'the name is empty',
      longName: 'the name is longer than 80 characters',
      longSku: 'the SKU is longer than 40 characters',
      skuTwice: 'the SKU {{sku}} is also on line {{other}}',
      longCategory: 'the category is longer than 40 characters',
      price: 'the price "{{text}}" is not an amount like 3.40',
      vatRate: 'the VAT rate "{{text}}" is not a percentage like 20 or 5.5',
      unknownRate: 'VAT at {{rate}} is not one of the shop’s rates ({{rates}})',
      barcodeChars: 'the barcode "{{code}}" has characters a scanner does not send',
      barcodeLong: 'the barcode "{{code}}" is too long: a barcode has at most {{most}} characters',
      barcodeTwice: 'the barcode {{code}} is also on line {{other}}',
      barcodeRepeated: 'a barcode is listed twice',
      barcodesMany: 'a product takes at most 20 barcodes',
      colour: 'the colour "{{colour}}" is not written like #1f8a70',
      status: 'the status "{{text}}" is neither active nor archived',
      barcodeTaken: 'the barcode {{code}} is already on {{name}} (SKU {{sku}})',
    },
    file: {
      unclosedQuote:
        'a quoted value is not closed properly (a " inside a value must be written twice). Fix the file and choose it again; nothing was imported.',
      unclosedQuoteAt:
        'Around line {{line}}: a quoted value is not closed properly (a " inside a value must be written twice). Fix the file and choose it again; nothing was imported.',
      unreadable:
        'the file could not be read as CSV. Fix the file and choose it again; nothing was imported.',
      unreadableAt:
        'Around line {{line}}: the file could not be read as CSV. Fix the file and choose it again; nothing was imported.',
      empty: 'The file is empty. Export the catalogue to see the columns it needs.',
      header: 'The first line must name the columns: {{columns}} (name and price are needed).',
      headerMissing:
        'The first line must name the columns: {{columns}} (name and price are needed). Missing: {{missing}}.',
      headerUnknown:
        'The first line must name the columns: {{columns}} (name and price are needed). Not known: {{unknown}}.',
      headerMissingUnknown:
        'The first line must name the columns: {{columns}} (name and price are needed). Missing: {{missing}}. Not known: {{unknown}}.',
      tooMany: 'The file has {{rows}} products; the till imports up to {{most}} at a time. Split it.',
    },
  },
  reconciliation: {
    terminalGone: 'That card machine is not on the card service any more.',
    noTotals: 'The card machine could not give its totals. Try the check again in a minute.',
    differenceGone: 'That difference is not part of this check.',
    alreadyNoted: 'This difference already has a note.',
    checkGone: 'That check is not in the till.',
    mismatch: {
      sales: 'The card machine’s sales differ from the till’s by {{amount}}',
      salesMoreOnMachine_one:
        'The card machine’s sales differ from the till’s by {{amount}} ({{count}} sale more on the card machine)',
      salesMoreOnMachine_other:
        'The card machine’s sales differ from the till’s by {{amount}} ({{count}} sales more on the card machine)',
      salesMoreInTill_one:
        'The card machine’s sales differ from the till’s by {{amount}} ({{count}} sale more in the till)',
      salesMoreInTill_other:
        'The card machine’s sales differ from the till’s by {{amount}} ({{count}} sales more in the till)',
      refunds: 'The card machine’s refunds differ from the till’s by {{amount}}',
      refundsMoreOnMachine_one:
        'The card machine’s refunds differ from the till’s by {{amount}} ({{count}} refund more on the card machine)',
      refundsMoreOnMachine_other:
        'The card machine’s refunds differ from the till’s by {{amount}} ({{count}} refunds more on the card machine)',
      refundsMoreInTill_one:
        'The card machine’s refunds differ from the till’s by {{amount}} ({{count}} refund more in the till)',
      refundsMoreInTill_other:
        'The card machine’s refunds differ from the till’s by {{amount}} ({{count}} refunds more in the till)',
      countOnly: {
        salesMoreOnMachine_one:
          'The card machine and the till agree on the amount but not on the number of sales: {{count}} sale more on the card machine',
        salesMoreOnMachine_other:
          'The card machine and the till agree on the amount but not on the number of sales: {{count}} sales more on the card machine',
        salesMoreInTill_one:
          'The card machine and the till agree on the amount but not on the number of sales: {{count}} sale more in the till',
        salesMoreInTill_other:
          'The card machine and the till agree on the amount but not on the number of sales: {{count}} sales more in the till',
        refundsMoreOnMachine_one:
          'The card machine and the till agree on the amount but not on the number of refunds: {{count}} refund more on the card machine',
        refundsMoreOnMachine_other:
          'The card machine and the till agree on the amount but not on the number of refunds: {{count}} refunds more on the card machine',
        refundsMoreInTill_one:
          'The card machine and the till agree on the amount but not on the number of refunds: {{count}} refund more in the till',
        refundsMoreInTill_other:
          'The card machine and the till agree on the amount but not on the number of refunds: {{count}} refunds more in the till',
      },
    },
    // One card payment the card machine records otherwise (compare.ts, paymentDifference).
    payment: {
      tillOnly: {
        payment: 'The till has a card payment of {{amount}} that the card machine did not count',
        paymentOnSale:
          'The till has a card payment of {{amount}} (sale {{receipt}}) that the card machine did not count',
        refund: 'The till has a refund of {{amount}} that the card machine did not count',
        refundOnSale:
          'The till has a refund of {{amount}} (sale {{receipt}}) that the card machine did not count',
      },
      notPaidInTill: {
        payment: 'The card machine took {{amount}} on a card payment the till has as not paid',
        paymentOnSale:
          'The card machine took {{amount}} on a card payment (sale {{receipt}}) the till has as not paid',
        refund: 'The card machine took {{amount}} on a refund the till has as not paid',
        refundOnSale:
          'The card machine took {{amount}} on a refund (sale {{receipt}}) the till has as not paid',
      },
      otherAmount: {
        payment: 'The card machine has {{machine}} where the till has a card payment of {{till}}',
        paymentOnSale:
          'The card machine has {{machine}} where the till has a card payment of {{till}} (sale {{receipt}})',
        refund: 'The card machine has {{machine}} where the till has a refund of {{till}}',
        refundOnSale:
          'The card machine has {{machine}} where the till has a refund of {{till}} (sale {{receipt}})',
      },
      otherType: {
        payment: 'The card machine has {{machine}} as a refund where the till has a card payment of {{till}}',
        paymentOnSale:
          'The card machine has {{machine}} as a refund where the till has a card payment of {{till}} (sale {{receipt}})',
        refund: 'The card machine has {{machine}} as a sale where the till has a refund of {{till}}',
        refundOnSale:
          'The card machine has {{machine}} as a sale where the till has a refund of {{till}} (sale {{receipt}})',
      },
    },
    // Money on one side only, left over after the card payments read back one by one.
    oneSide: {
      onMachine: {
        sales_one: '{{count}} sale of {{amount}} on the card machine is not in the till',
        sales_other: '{{count}} sales of {{amount}} on the card machine are not in the till',
        refunds_one: '{{count}} refund of {{amount}} on the card machine is not in the till',
        refunds_other: '{{count}} refunds of {{amount}} on the card machine are not in the till',
      },
      inTill: {
        sales_one: '{{count}} sale of {{amount}} in the till is not on the card machine',
        sales_other: '{{count}} sales of {{amount}} in the till are not on the card machine',
        refunds_one: '{{count}} refund of {{amount}} in the till is not on the card machine',
        refunds_other: '{{count}} refunds of {{amount}} in the till are not on the card machine',
      },
    },
    manual: {
      matched: 'Matched: card payment keyed in by hand on sale {{receipt}}, {{amount}}',
      matchedWithReference:
        'Matched: card payment keyed in by hand on sale {{receipt}}, {{amount}}, ref {{reference}}',
      unmatched:
        'Not found on this card machine: card payment keyed in by hand on sale {{receipt}}, {{amount}}',
      unmatchedWithReference:
        'Not found on this card machine: card payment keyed in by hand on sale {{receipt}}, {{amount}}, ref {{reference}}',
    },
    detail: {
      tillOnlyPayment:
        'The card machine records it as not gone through. Check the card machine’s receipt roll and the customer’s bank, then note what you found.',
      notPaidInTill:
        'The customer may have paid twice or left without paying. Check the sale, then note what you did.',
      otherOnMachine: 'Compare the card slip with the sale, then note which is right.',
      salesOnMachineOnly:
        'Probably keyed on the card machine directly. Find the slip, ring the sale up or record it as a card payment keyed in by hand, then note what you did.',
      refundsOnMachineOnly: 'A refund was given on the card machine directly. Find the slip and note why.',
      inTillOnly:
        'The card machine did not count them. Check its receipt roll and the sales, then note what you found.',
      totals: 'Compare the card machine’s report with the till’s sales, then note what you found.',
      manualMatched: 'It matches a sale on the card machine the till did not start. Confirm it with a note.',
      manualUnmatched:
        'It may have been taken on another card machine. Check the slip, then note what you found.',
    },
  },
  printing: {
    kind: {
      network: 'Network printer',
      usb: 'USB printer',
      device: 'Linux device printer',
      preview: 'On-screen preview',
    },
    needs: {
      address: 'Printer "{{printer}}" needs an address.',
      devicePath: 'Printer "{{printer}}" needs a device path.',
      usbIds: 'Printer "{{printer}}" needs a USB vendor and product id.',
    },
    unknownConnection: 'A printer’s connection is not one the till knows: set it again in Settings.',
    twoTheSame: 'Two printers are set up as the same printer: remove one in Settings.',
    printerGone: 'That printer is no longer set up. A manager can choose one in Settings.',
    noReceipt: 'The till could not tell which receipt to print: try again.',
    jobGone: 'That print job is no longer in the queue.',
    closed: 'The till is shutting down, so it is not printing any more.',
    jobState: {
      queued: 'waiting to print',
      sending: 'being sent',
      printed: 'printed',
      held: 'held',
      uncertain: 'uncertain',
      failed: 'failed',
      cancelled: 'cancelled',
    },
    retryOnly: 'Only a held or failed print job can be retried (this one is {{state}}).',
    cancelOnly: 'A print job that is {{state}} cannot be cancelled.',
    reprintOnly: 'Only a printed or uncertain receipt can be reprinted (this one is {{state}}).',
    diskFull: {
      job: "Could not save the print job: the till's disk is full. Nothing already queued was lost.",
      reprint: "Could not save the reprint: the till's disk is full. Nothing already queued was lost.",
    },
    storageFailed: {
      job: "Could not save the print job: the till's storage failed. Nothing already queued was lost.",
      reprint: "Could not save the reprint: the till's storage failed. Nothing already queued was lost.",
    },
  },
};
