import { toastError } from '@gi/ui';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';
import styles from './order.module.css';

// The QR drawing lives in its own chunk (lean-qr), loaded by the payment panel only when an
// attempt has a QR to show: never on the cart's first screen or the storefront (issue 37).

/** Quiet zone around the code, in modules: scanners need it. */
const PAD = 4;

/** The gateway's QR string drawn as an SVG, with 'Simpan QR' to pay from another phone's gallery. */
export default function PaymentQr({ value, label, file }: { value: string; label: string; file: string }) {
  const code = useMemo(() => generate(value), [value]);
  const size = code.size + PAD * 2;

  function save() {
    try {
      const link = document.createElement('a');
      link.href = code.toDataURL({ type: 'image/png', scale: 8, pad: PAD });
      link.download = file;
      link.click();
    } catch {
      toastError('Gagal menyimpan QR. Silakan ambil tangkapan layar.');
    }
  }

  return (
    <figure className={styles.qr}>
      <svg
        viewBox={`${-PAD} ${-PAD} ${size} ${size}`}
        width="240"
        height="240"
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
      >
        <rect x={-PAD} y={-PAD} width={size} height={size} fill="#fff" />
        <path d={toSvgPath(code)} fill="#000" />
      </svg>
      <button type="button" className={styles.copy} onClick={save}>
        Simpan QR
      </button>
    </figure>
  );
}
