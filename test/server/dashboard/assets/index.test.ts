import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ASSETS } from '../../../../src/server/dashboard/assets/index.js';

const css = DASHBOARD_ASSETS.get('dashboard.css');
const js = DASHBOARD_ASSETS.get('dashboard.js');

/** What the status line of a French page carries for the script to say (views/controls.ts). */
const FRENCH_STATUS = { 'data-copied': 'Copié dans le presse-papiers.', 'data-selected': 'La clé est sélectionnée : appuyez sur Ctrl+C (Cmd+C sur un Mac) pour la copier.' };

/** A page holding a key input, a copy button and a status line, as the keys page renders them (`said`: the status line's data attributes). */
function keysPageWorld(clipboard: { writeText(text: string): Promise<void> } | undefined, secure = true, said: Readonly<Record<string, string>> = {}) {
  const listeners = new Map<string, () => void>();
  const input = {
    value: 'vf_secret',
    focused: false,
    selected: false,
    focus() {
      this.focused = true;
    },
    select() {
      this.selected = true;
    },
    addEventListener(type: string, listener: () => void) {
      listeners.set(`input ${type}`, listener);
    },
  };
  const button = {
    hidden: true,
    getAttribute: (name: string) => (name === 'data-copy-target' ? 'created-key-value' : null),
    addEventListener(type: string, listener: () => void) {
      listeners.set(`button ${type}`, listener);
    },
  };
  const status = { textContent: '', getAttribute: (name: string) => said[name] ?? null };
  const document = {
    documentElement: { lang: said === FRENCH_STATUS ? 'fr' : 'en' },
    getElementById: (id: string) => (id === 'created-key-value' ? input : null),
    querySelector: (selector: string) => (selector === '[data-copy-status]' ? status : null),
    querySelectorAll: (selector: string) => (selector === '[data-copy-target]' ? [button] : []),
  };
  const window = { isSecureContext: secure };
  runInNewContext(js?.body ?? '', { document, window, navigator: { clipboard } });
  return { input, button, status, click: () => listeners.get('button click')?.() };
}

describe('the dashboard assets', () => {
  it('serves the stylesheet and the script with their types', () => {
    expect([...DASHBOARD_ASSETS.keys()]).toEqual(['dashboard.css', 'dashboard.js']);
    expect(css?.contentType).toBe('text/css; charset=utf-8');
    expect(js?.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('loads nothing from elsewhere: no import, no font, no URL in the stylesheet', () => {
    expect(css?.body).not.toMatch(/@import|@font-face|url\(/);
    expect(js?.body).not.toMatch(/https?:|XMLHttpRequest|import\(/);
    // Its one request: the job page's progress, at the relative URL the page names (CSP connect-src 'self').
    expect(js?.body.match(/fetch\(/g)).toEqual(['fetch(']);
  });

  it('keeps focus visible, lets tables scroll inside their box and stacks forms on a narrow screen (served minified)', () => {
    expect(css?.body).toMatch(/:focus-visible\{outline:3px solid/);
    expect(css?.body).toMatch(/\.table-wrap\{[^}]*overflow-x:auto/);
    expect(css?.body).toMatch(/@media ?\(max-width:36rem\)\{form\.inline,form\.filters,form\.actions\{flex-direction:column/);
    expect(css?.body).not.toContain('\n  ');
  });

  it.each([
    ['en', [undefined, undefined], ['running', '1,200', '200']],
    ['fr', ['en cours', 'terminé'], ['en cours', '1\u202f200', '200']],
  ] as const)("follows a running job on a page in %s: polls the URL its page names, same-origin, updates the bar and counts in the page's language, reloads when it ends", async (lang, statusTexts, shown) => {
    const node = () => ({ textContent: '', hidden: false });
    const texts: Record<string, { textContent: string; hidden: boolean }> = { '[data-job-status]': node(), '[data-job-done]': node(), '[data-job-valid]': node(), '[data-job-invalid]': node(), '[data-job-reload]': node() };
    const bar = { max: 0, value: 0 };
    const section = {
      getAttribute: (name: string) => (name === 'data-job-progress' ? '/dashboard/accounts/a/jobs/j/progress' : null),
      querySelector: (selector: string) => (selector === 'progress' ? bar : (texts[selector] ?? null)),
    };
    const answers = [
      { status: 'running', statusText: statusTexts[0], total: 3000, done: 1200, valid: 1000, invalid: 200 },
      { status: 'done', statusText: statusTexts[1], total: 3000, done: 3000, valid: 2500, invalid: 500 },
    ];
    const calls: Array<[string, unknown]> = [];
    let reloaded = false;
    const timers: Array<() => void> = [];
    const context = {
      document: { documentElement: { lang }, querySelectorAll: (selector: string) => (selector === '[data-job-progress]' ? [section] : []), getElementById: () => null, querySelector: () => null },
      window: { location: { reload: () => void (reloaded = true) } },
      navigator: {},
      setTimeout: (callback: () => void) => void timers.push(callback),
      fetch: (url: string, init: unknown) => {
        calls.push([url, init]);
        const body = answers.shift();
        return Promise.resolve({ ok: true, json: () => Promise.resolve(body) });
      },
    };
    runInNewContext(js?.body ?? '', context);
    expect(texts['[data-job-reload]']?.hidden).toBe(true);
    const tick = async (): Promise<void> => {
      timers.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await tick();
    expect(calls[0]).toEqual(['/dashboard/accounts/a/jobs/j/progress', { credentials: 'same-origin', headers: { Accept: 'application/json' } }]);
    expect(bar).toEqual({ max: 3000, value: 1200 });
    expect([texts['[data-job-status]']?.textContent, texts['[data-job-done]']?.textContent, texts['[data-job-invalid]']?.textContent]).toEqual(shown);
    expect(reloaded).toBe(false);
    await tick();
    expect(calls).toHaveLength(2);
    expect(reloaded).toBe(true);
  });

  it('shows the copy button and copies the key to the clipboard', async () => {
    const copied: string[] = [];
    const world = keysPageWorld({ writeText: async (text) => void copied.push(text) });
    expect(world.button.hidden).toBe(false);
    world.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copied).toEqual(['vf_secret']);
    expect(world.status.textContent).toBe('Copied to the clipboard.');
  });

  it('selects the key for the reader to copy when the clipboard refuses or is not there', async () => {
    const refused = keysPageWorld({ writeText: () => Promise.reject(new Error('denied')) });
    refused.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refused.input.selected).toBe(true);
    expect(refused.status.textContent).toBe('The key is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.');

    const insecure = keysPageWorld(undefined, false);
    insecure.click();
    expect(insecure.input).toMatchObject({ focused: true, selected: true });
    expect(insecure.status.textContent).toContain('The key is selected');
  });

  it("says what it did in the page's language, from the words the page carries", async () => {
    const copied = keysPageWorld({ writeText: async () => undefined }, true, FRENCH_STATUS);
    copied.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copied.status.textContent).toBe('Copié dans le presse-papiers.');
    const insecure = keysPageWorld(undefined, false, FRENCH_STATUS);
    insecure.click();
    expect(insecure.status.textContent).toBe(FRENCH_STATUS['data-selected']);
  });
});
