import type { ConfirmPayment, PaymentSummary } from '../../core/features/store/checkout/paymentSummary';

/** The options of Electron's dialog.showMessageBox the confirmation sets (structurally a subset of them). */
export interface PaymentMessageBoxOptions {
  type: 'question';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
  noLink: true;
}

type MessageBoxAnswer = Promise<{ response: number }>;

/** The slice of Electron's dialog the confirmation uses (structurally compatible with it). */
export interface MessageBoxApi<W> {
  showMessageBox(window: W, options: PaymentMessageBoxOptions): MessageBoxAnswer;
  showMessageBox(options: PaymentMessageBoxOptions): MessageBoxAnswer;
}

export interface PaymentConfirmationDeps<W> {
  dialog: MessageBoxApi<W>;
  /** The companion window when it is open and on screen: the dialog is modal to it, else stands alone. */
  parentWindow(): W | null;
}

const PAY = 0;
const CANCEL = 1;
const LINES_SHOWN = 10;

/** What the dialog says: the store, every line and total, and the payment method; Cancel is the default. */
export function paymentMessageBoxOptions(summary: PaymentSummary): PaymentMessageBoxOptions {
  const lines = summary.lines
    .slice(0, LINES_SHOWN)
    .map((line) => `${line.title} × ${line.quantity}${line.amount ? `   ${line.amount}` : ''}`);
  if (summary.lines.length > LINES_SHOWN) lines.push(`…and ${summary.lines.length - LINES_SHOWN} more`);
  const totals = summary.totals.map((total) => `${total.label}: ${total.amount}`);
  const method = summary.paymentMethod ? [`Paid with ${summary.paymentMethod}.`] : [];
  return {
    type: 'question',
    title: 'Confirm payment',
    message: `Pay ${summary.total} to ${summary.merchant}?`,
    detail: [
      lines.join('\n'),
      totals.join('\n'),
      [...method, 'Sightline places the order only if you click Pay.'].join(' '),
    ].join('\n\n'),
    buttons: [`Pay ${summary.total}`, 'Cancel'],
    defaultId: CANCEL,
    cancelId: CANCEL,
    // Windows would otherwise turn the buttons into command links.
    noLink: true,
  };
}

/** After three cancelled confirmations: whether to take payments again; keeping them locked is the default. */
export function paymentUnlockMessageBoxOptions(): PaymentMessageBoxOptions {
  return {
    type: 'question',
    title: 'Payments locked',
    message: 'Take store payments again?',
    detail:
      'Sightline stopped asking after three payment confirmations were cancelled, in case a page is asking ' +
      'without you. If you clicked "Pay" yourself, allow payments; otherwise keep them locked until ' +
      'Sightline restarts.',
    buttons: ['Allow payments', 'Keep locked'],
    defaultId: CANCEL,
    cancelId: CANCEL,
    noLink: true,
  };
}

/** Asks with a native dialog, modal to the companion when it is on screen; true for the first button. */
async function ask<W>(deps: PaymentConfirmationDeps<W>, options: PaymentMessageBoxOptions): Promise<boolean> {
  const parent = deps.parentWindow();
  const { response } = await (parent
    ? deps.dialog.showMessageBox(parent, options)
    : deps.dialog.showMessageBox(options));
  return response === PAY;
}

/**
 * The desktop app's payment confirmation: a native dialog owned by main, answered by the person at the
 * machine, which no page (nor anyone holding the browser host's URL) can click for them.
 */
export function createPaymentConfirmation<W>(deps: PaymentConfirmationDeps<W>): ConfirmPayment {
  return (summary) => ask(deps, paymentMessageBoxOptions(summary));
}

/** The desktop app's way to re-enable payments once they locked: the person at the machine says so. */
export function createPaymentUnlockConfirmation<W>(deps: PaymentConfirmationDeps<W>): () => Promise<boolean> {
  return () => ask(deps, paymentUnlockMessageBoxOptions());
}
