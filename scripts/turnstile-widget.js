// The local stand-in's widget (scripts/turnstile-simulator.mjs serves it as /turnstile/v0/api.js):
// `window.turnstile` with the explicit-rendering calls the shop uses (render, reset, remove,
// getResponse, ready; Turnstile: "Embed the widget"), so pages work offline with no
// challenges.cloudflare.com. It behaves as Turnstile's documented test site keys do (Turnstile:
// "Test your Turnstile implementation"): 1x… always passes, by itself, and gives the dummy token
// XXXX.DUMMY.TOKEN.XXXX; 2x… always fails (no token, the error callback); 3x00000000000000000000FF
// forces an interaction: the box 'Saya bukan robot' must be ticked. Local only: never in a
// production page (the shop loads Cloudflare's script there).
(() => {
  const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
  const widgets = new Map();
  let count = 0;

  /** 'pass' (1x…), 'fail' (2x…) or 'interactive' (3x…), as the test site keys behave. */
  const behaviour = (sitekey) =>
    sitekey.startsWith('2x') ? 'fail' : sitekey.startsWith('3x') ? 'interactive' : 'pass';

  function widgetOf(id) {
    const widget = id === undefined ? [...widgets.values()].at(-1) : widgets.get(id);
    if (!widget) throw new Error(`turnstile: no widget ${id ?? ''}`);
    return widget;
  }

  function show(widget, text) {
    widget.status.textContent = text;
  }

  function solve(widget) {
    if (widget.kind === 'fail') {
      widget.box.checked = false;
      show(widget, 'Verifikasi gagal (kunci uji yang selalu gagal)');
      widget.params['error-callback']?.('local-always-fails');
      return;
    }
    widget.token = DUMMY_TOKEN;
    widget.box.checked = true;
    widget.box.disabled = true;
    show(widget, 'Berhasil');
    widget.params.callback?.(DUMMY_TOKEN);
  }

  function start(widget) {
    widget.token = undefined;
    widget.box.checked = false;
    widget.box.disabled = false;
    show(widget, widget.kind === 'interactive' ? 'Centang kotak untuk melanjutkan' : 'Memverifikasi...');
    // The always-pass and always-fail keys need no visitor: they finish by themselves.
    if (widget.kind !== 'interactive') setTimeout(() => widgets.has(widget.id) && solve(widget), 0);
  }

  function render(container, params) {
    const host = typeof container === 'string' ? document.querySelector(container) : container;
    if (!host || !params?.sitekey)
      throw new Error('turnstile.render: a container and a sitekey are required');
    count += 1;
    const id = `lokal-${count}`;
    const root = document.createElement('div');
    Object.assign(root.style, {
      display: 'inline-flex',
      flexDirection: 'column',
      gap: '4px',
      padding: '10px 14px',
      border: '1px solid #c8c8c8',
      borderRadius: '6px',
      background: '#fafafa',
      font: '14px system-ui, sans-serif',
    });
    const label = document.createElement('label');
    Object.assign(label.style, { display: 'flex', alignItems: 'center', gap: '8px' });
    const box = document.createElement('input');
    box.type = 'checkbox';
    label.append(box, 'Saya bukan robot');
    const status = document.createElement('small');
    status.setAttribute('role', 'status');
    const note = document.createElement('small');
    note.textContent = 'Verifikasi lokal, pengganti Cloudflare Turnstile';
    Object.assign(note.style, { color: '#666' });
    root.append(label, status, note);
    host.append(root);
    const widget = { id, params, root, box, status, kind: behaviour(params.sitekey), token: undefined };
    widgets.set(id, widget);
    box.addEventListener('change', () => {
      if (box.checked) solve(widget);
    });
    start(widget);
    return id;
  }

  window.turnstile = {
    render,
    reset: (id) => start(widgetOf(id)),
    remove: (id) => {
      const widget = widgetOf(id);
      widget.root.remove();
      widgets.delete(widget.id);
    },
    getResponse: (id) => widgetOf(id).token,
    isExpired: () => false,
    ready: (callback) => callback(),
  };

  // `?onload=name`, as Turnstile's own script calls it once loaded.
  const onload = document.currentScript && new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
