// Approval at the counter (components/ManagerPinForm.tsx): who may approve a refused action, and
// creating the first manager. One whole sentence per action, so no language has to join parts.
export const approval = {
  needs: {
    refund: 'A refund needs a supervisor or manager.',
    'z-report': 'A Z or end of day report needs a supervisor or manager.',
    override: 'This override needs a supervisor or manager.',
    'price-override': 'Changing a price at the counter needs a supervisor or manager.',
    discount: 'A discount this large needs a supervisor or manager.',
    'no-sale': 'Opening the drawer without a sale needs a supervisor or manager.',
    'back-office': 'The back office needs a manager.',
    settings: 'Changing settings needs a manager.',
    reconcile: 'Checking the card machines against the till needs a manager.',
    quit: 'Quitting Paydesk needs a supervisor or manager.',
  },
  label: { supervisor: 'Approval by a supervisor or manager', manager: 'Approval by a manager' },
  pinOf: { supervisor: 'PIN of a supervisor or manager', manager: 'PIN of a manager' },
  tapName: 'Who approves? Tap your name, then enter your PIN.',
  whoApproves: 'Who approves',
  approve: 'Approve',
  first: {
    label: 'Create the first manager',
    intro:
      'This till has no manager yet. Create the first one: they can then approve this and set up the staff.',
    name: 'Manager’s name',
    pin: 'Their PIN (4 to 8 digits)',
    again: 'The PIN again',
    create: 'Create manager',
  },
};
