import { CHALLENGE_CONFIG_ELEMENT_ID, type ChallengeConfig, readDataBlock } from '@gi/contracts/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import styles from './security-check.module.css';

// The security check (Cloudflare Turnstile, decision 036) on the pages that need it: registering,
// the reset link and a checkout from a network past its unpaid limit. Its script loads only when
// one of them shows the widget, from the URL the Worker wrote into the page (Cloudflare's; locally
// the stand-in's, scripts/turnstile-simulator.mjs).

/** Turnstile's explicit-rendering calls the shop uses (Turnstile: "Embed the widget"). */
interface Turnstile {
  render(
    container: HTMLElement,
    params: {
      sitekey: string;
      action: string;
      language: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': (code: string) => boolean;
    },
  ): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;

/** The widget's script, added once per visit; a failed load may be tried again. */
function loadTurnstile(scriptUrl: string): Promise<Turnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('no turnstile')));
    script.onerror = () => reject(new Error('turnstile script failed'));
    document.head.append(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The page's check settings, read after the first render (the server's HTML has no widget); null: off. */
function useChallengeConfig(): ChallengeConfig | null {
  const [config, setConfig] = useState<ChallengeConfig | null>(null);
  useEffect(() => setConfig(readDataBlock<ChallengeConfig>(document, CHALLENGE_CONFIG_ELEMENT_ID)), []);
  return config;
}

const LOAD_FAILED = 'Verifikasi keamanan tidak dapat dimuat. Periksa koneksi Anda, lalu muat ulang halaman.';

/** The widget in its box; `generation` renews it (a token is good for one request). */
function SecurityCheck({
  config,
  action,
  generation,
  onToken,
}: {
  config: ChallengeConfig;
  action: string;
  generation: number;
  onToken: (token: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ turnstile: Turnstile; id: string } | null>(null);
  const [problem, setProblem] = useState('');
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    let gone = false;
    loadTurnstile(config.scriptUrl).then(
      (turnstile) => {
        if (gone || !box.current) return;
        const id = turnstile.render(box.current, {
          sitekey: config.siteKey,
          action,
          language: 'id',
          callback: (token) => {
            setProblem('');
            report.current(token);
          },
          'expired-callback': () => report.current(null),
          'error-callback': () => {
            report.current(null);
            setProblem('Verifikasi keamanan gagal. Coba lagi.');
            return true;
          },
        });
        if (id) widget.current = { turnstile, id };
      },
      () => !gone && setProblem(LOAD_FAILED),
    );
    return () => {
      gone = true;
      if (widget.current) widget.current.turnstile.remove(widget.current.id);
      widget.current = null;
    };
  }, [config, action]);

  useEffect(() => {
    if (generation > 0 && widget.current) widget.current.turnstile.reset(widget.current.id);
  }, [generation]);

  return (
    <div className={styles.check}>
      <div ref={box} />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The check on one page: `needed` shows the widget (while the check is on); `token` is its last
 * token, `spend()` after each request renews the widget for the next one.
 */
export function useSecurityCheck(action: string, needed = true) {
  const config = useChallengeConfig();
  const [token, setToken] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const spend = useCallback(() => {
    setToken(null);
    setGeneration((current) => current + 1);
  }, []);
  const shown = needed && config !== null;
  return {
    /** The widget is on the page and has no token yet: its form waits. */
    waiting: shown && token === null,
    token,
    spend,
    widget: shown ? (
      <SecurityCheck config={config} action={action} generation={generation} onToken={setToken} />
    ) : null,
  };
}
