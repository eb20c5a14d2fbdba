// The seam between the shop and a WhatsApp sender (decision 049). A provider is one adapter
// (cloud-api.ts: Meta's WhatsApp Cloud API; a BSP would be another): it sends one approved template
// message and answers the message's id, or throws `WhatsAppSendError`. When to send, retries and
// who opted in live once, in outbox.ts.

/** One template message: to whom, which approved template, and its body parameters in order. */
export interface TemplateMessage {
  /** E.164 digits without the plus ('6281234567890'). */
  to: string;
  template: string;
  /** The template's language code ('id'). */
  language: string;
  parameters: string[];
}

export interface WhatsAppProvider {
  /** The provider's id of the accepted message, or a throw. */
  send(message: TemplateMessage): Promise<{ messageId: string }>;
}

/**
 * A send the provider refused or never answered. `retryable`: worth trying again later (the
 * provider was busy or down, the network failed); otherwise the message is given up at once.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
  }
}
