import type { PaymentChannel } from '@gi/contracts/gateway-labels';
import type { ReactNode } from 'react';

/**
 * Small wordmarks in each bank's and wallet's colours, drawn here (no network, no copied
 * artwork): the shopper finds their bank at a glance. Decorative: the label beside says it.
 */
function Mark({ children, background = '#fff' }: { children: ReactNode; background?: string }) {
  return (
    <svg viewBox="0 0 64 24" width="48" height="18" aria-hidden="true" focusable="false">
      <rect width="64" height="24" rx="4" fill={background} stroke="#e2d8cb" />
      {children}
    </svg>
  );
}

const word = (text: string, fill: string, size = 13, italic = false) => (
  <text
    x="32"
    y="16.5"
    textAnchor="middle"
    fontFamily="Arial, Helvetica, sans-serif"
    fontWeight="700"
    fontSize={size}
    fontStyle={italic ? 'italic' : undefined}
    fill={fill}
  >
    {text}
  </text>
);

const logos: Record<PaymentChannel, ReactNode> = {
  other_qris: (
    <Mark>
      <rect x="6" y="6" width="4" height="4" fill="#e11f26" />
      <rect x="6" y="13" width="4" height="4" fill="#1a1a1a" />
      <rect x="12" y="6" width="4" height="4" fill="#1a1a1a" />
      <text
        x="40"
        y="16.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="800"
        fontSize="13"
        fill="#1a1a1a"
      >
        QRIS
      </text>
    </Mark>
  ),
  bca_va: <Mark background="#0060af">{word('BCA', '#fff', 14, true)}</Mark>,
  bni_va: (
    <Mark>
      {word('BNI', '#006885', 14)}
      <rect x="51" y="5" width="4" height="14" fill="#f15a23" />
    </Mark>
  ),
  bri_va: <Mark background="#00529c">{word('BRI', '#fff', 14)}</Mark>,
  echannel: (
    <Mark>
      {word('mandiri', '#003d79', 12, true)}
      <path d="M12 20 Q32 14 52 20" stroke="#ffb700" strokeWidth="2" fill="none" />
    </Mark>
  ),
  permata_va: (
    <Mark>
      <circle cx="9" cy="12" r="4" fill="#e4002b" />
      <text
        x="37"
        y="16"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontSize="11"
        fill="#008752"
      >
        Permata
      </text>
    </Mark>
  ),
  gopay: <Mark background="#00aed6">{word('gopay', '#fff', 13)}</Mark>,
  shopeepay: <Mark background="#ee4d2d">{word('ShopeePay', '#fff', 10)}</Mark>,
  credit_card: (
    <Mark>
      <rect x="18" y="4" width="28" height="17" rx="2.5" fill="#1f2a44" />
      <rect x="18" y="8" width="28" height="3" fill="#c9a227" />
      <rect x="21" y="14" width="8" height="3" rx="1" fill="#fff" />
    </Mark>
  ),
  // A banknote: cash handed to the courier (decision 034).
  cod: (
    <Mark>
      <rect x="17" y="5" width="30" height="15" rx="2" fill="#2e7d32" />
      <circle cx="32" cy="12.5" r="4" fill="#c8e6c9" />
      <rect x="20" y="8" width="3" height="9" rx="1" fill="#c8e6c9" />
      <rect x="41" y="8" width="3" height="9" rx="1" fill="#c8e6c9" />
    </Mark>
  ),
  bank_transfer: (
    <Mark>
      <path d="M20 10 L32 4 L44 10 Z" fill="#8a6d1f" />
      <rect x="22" y="11" width="3" height="7" fill="#8a6d1f" />
      <rect x="30.5" y="11" width="3" height="7" fill="#8a6d1f" />
      <rect x="39" y="11" width="3" height="7" fill="#8a6d1f" />
      <rect x="20" y="19" width="24" height="2" fill="#8a6d1f" />
    </Mark>
  ),
};

export function PaymentLogo({ channel }: { channel: PaymentChannel }) {
  return logos[channel];
}
