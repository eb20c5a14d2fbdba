import { toSvgPath } from 'lean-qr/extras/svg';
import { generate } from 'lean-qr/nano';
import styles from './two-factor.module.css';

/** `text` as a QR code an authenticator app scans: an SVG path, drawn without a script or a canvas. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = generate(text);
  // Four modules of quiet zone around the code, as scanners expect.
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${code.size + 8} ${code.size + 8}`}
      width="208"
      height="208"
      shapeRendering="crispEdges"
      className={styles.qr}
    >
      <path d={toSvgPath(code)} fill="#000" />
    </svg>
  );
}
